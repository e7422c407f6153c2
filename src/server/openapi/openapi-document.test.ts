import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi';

// The published OpenAPI document, byte for byte. It changes only on purpose: a change of the API
// (new properties, new paths) rewrites the fixture with UPDATE_OPENAPI=1 and the diff is reviewed
// with the code. A refactor must leave it as it is.
const FIXTURE = new URL('./openapi.fixture.json', import.meta.url);

describe('the OpenAPI document', () => {
  it('is the committed document, byte for byte', () => {
    const now = `${JSON.stringify(buildOpenApi('http://localhost:8787'), null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(FIXTURE, now);
    const committed = readFileSync(FIXTURE, 'utf8');
    expect(JSON.parse(now)).toEqual(JSON.parse(committed));
    expect(now === committed).toBe(true);
  });
});
