/**
 * Regenerates src/generated/openapi.ts from the service's route schemas (the same document /openapi.json
 * serves), so the SDK's types cannot drift from the API: test/generated.test.ts fails when they differ.
 * Run: npm run generate -w @kyc/sdk
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatedTypes } from './types.ts';

const target = path.join(import.meta.dirname, '../src/generated/openapi.ts');
writeFileSync(target, await generatedTypes());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
process.exit(0);
