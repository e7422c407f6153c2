// Writes src/web/api/wire-schemas.json and the company flow's company-wire-schemas.json from the contract (see src/contract/wire-schemas.ts).
import { writeFileSync } from 'node:fs';
import { companyWireSchemas, wireSchemas } from '../src/contract/wire-schemas';

writeFileSync('src/web/api/wire-schemas.json', `${JSON.stringify(wireSchemas(), null, 1)}\n`);
writeFileSync('src/web/flows/company/api/company-wire-schemas.json', `${JSON.stringify(companyWireSchemas(), null, 1)}\n`);
