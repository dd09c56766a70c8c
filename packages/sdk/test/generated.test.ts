import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedTypes } from '../scripts/types.ts';

describe('generated types', () => {
  it('match the OpenAPI document the service serves (run `npm run generate -w @kyc/sdk` after changing routes)', async () => {
    const committed = readFileSync(path.join(import.meta.dirname, '../src/generated/openapi.ts'), 'utf8');
    expect(await generatedTypes()).toBe(committed);
  }, 60_000);
});
