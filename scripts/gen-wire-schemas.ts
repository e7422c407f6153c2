// Writes src/web/api/wire-schemas.json from the contract (see src/contract/wire-schemas.ts).
import { writeFileSync } from 'node:fs';
import { wireSchemas } from '../src/contract/wire-schemas';

writeFileSync('src/web/api/wire-schemas.json', `${JSON.stringify(wireSchemas(), null, 1)}\n`);
