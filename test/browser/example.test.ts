import { freePort } from '../helpers/net.ts';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.ts';
import { startWorkers } from '../../src/workers.ts';
import { runSequence } from '../../examples/integration/sequence.ts';
import { CHROMIUM, hasChromium, hasShared, SHARED } from './harness.ts';

/**
 * The worked integration (examples/integration) run end to end, as CI runs it: the spec's steps 1 to 9 with
 * the SDK against a real listening service, signed webhooks to the example's own receiver, the contact's
 * part in Chromium with the shared passport and face photos, and the AML report screened on a real list.
 */
const SDN = path.join(SHARED, 'lists/ofac_sdn_2021-07_watchman');
const PEP = path.join(SHARED, 'lists/opensanctions_pep_us_congress_senzing_watchman');
let t: TestService;
let workers: { stop(): Promise<void> };
let port: number;

beforeAll(async () => {
  if (!hasChromium || !hasShared || !existsSync(SDN)) return;
  port = await freePort();
  t = await startTestService({ PUBLIC_URL: `http://127.0.0.1:${port}`, SCREENING_LISTS: `${SDN},${PEP}` });
  await t.app.listen({ port, host: '127.0.0.1' });
  workers = await startWorkers(t.services);
}, 180_000);
afterAll(async () => {
  await workers?.stop();
  await t?.close();
});

describe.skipIf(!hasChromium || !hasShared || !existsSync(SDN))('examples/integration: the typical sequence, steps 1 to 9', () => {
  it('runs every step and leaves the contact with the document\'s data and an AML report', async () => {
    const client = await t.services.clients.createClient({ name: 'Example firm' });
    await t.services.credits.add(client.clientId, 10, 'example');
    const lines: string[] = [];
    const out = await runSequence({ baseUrl: `http://127.0.0.1:${port}`, clientId: client.client_id, clientSecret: client.client_secret, sharedData: SHARED, chromiumPath: CHROMIUM, log: (l) => lines.push(l) });
    process.stdout.write(`${lines.join('\n')}\n`);
    for (const step of ['0.', '1.', '2.', '3.', '4.', '5.', '6.', '7.', '8.', '9.']) expect(lines.some((l) => l.startsWith(step)), step).toBe(true);

    // The Finnish specimen passport: read with its check digits, expired (REFER), and not the selfie's face.
    expect(out.onboarding.data.idscan).toMatchObject({ document_decision: 'REFER', face_match_decision: 'FAILED', document_last_name: 'VIRTANEN', passport_number: 'XP8271602' });
    // Step 6: the merge kept what was there and added what the document says.
    expect(out.contact).toMatchObject({ first_name: 'Anna', last_name: 'Virtanen', passport_number: 'XP8271602', date_of_birth: out.onboarding.data.idscan!.date_of_birth, metadata: { external_reference: 'crm-4711' } });
    expect(out.contact.primary_address).toMatchObject({ street: '7 Queen Street', city: 'Leeds', postcode: 'LS1 2AB', country_code: 'GB' });
    // Step 9: screened on the real OFAC and PEP lists (no live identity registers here, so the identity is referred).
    expect(out.aml.status).toBe('READY');
    expect(out.aml.data).toMatchObject({ sanctions_matches: 'No Match', pep_matches: 'No Match' });
    expect(out.account.client_onboarding.completed).toBe(true);
  }, 600_000);
});
