/**
 * Runs the typical sequence against a running service:
 *
 *   WEBHOOK_ALLOW_PRIVATE=true npm start                       # the service (webhooks to this machine allowed)
 *   npx kyc clients create --name "Example" --credits 10 --json
 *   KYC_CLIENT_ID=kci_... KYC_CLIENT_SECRET=kcs_... node --import tsx examples/integration/main.ts
 */
import path from 'node:path';
import { runSequence } from './sequence.ts';

const need = (name: string) => {
  const value = process.env[name];
  if (!value) {
    process.stderr.write(`${name} is required (see examples/integration/README.md)\n`);
    process.exit(2);
  }
  return value;
};

await runSequence({
  baseUrl: process.env.KYC_URL ?? 'http://localhost:8080',
  clientId: need('KYC_CLIENT_ID'),
  clientSecret: need('KYC_CLIENT_SECRET'),
  sharedData: path.resolve(process.env.KYC_SHARED_DATA ?? '../shared/data'),
  chromiumPath: process.env.CHROMIUM_PATH,
});
