/**
 * The spec's typical sequence, steps 1 to 9, as an integrating application runs it: only the SDK, a webhook
 * receiver that verifies every signature, and (for step 3, the contact's part) Playwright in Chromium using
 * the shared specimen images. `runSequence` prints each step through `log` and returns what it saw.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createKycClient, verifyWebhook, type KycWebhookEvent } from '../../packages/sdk/src/index.ts';

export interface SequenceOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** ../shared/data: the passport and the face photos the contact "takes". */
  sharedData: string;
  chromiumPath?: string;
  /** Host the service can reach this process's webhook receiver on. */
  receiverHost?: string;
  log?: (line: string) => void;
}

const SECRET = 'example-webhook-secret-0123456789';

/** Step 4 and 8's receiver: verifies the Standard Webhooks signature, then hands the event to whoever waits for it. */
async function startReceiver(host: string) {
  const seen: KycWebhookEvent[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      try {
        seen.push(verifyWebhook(req.headers, Buffer.concat(chunks), SECRET));
        res.writeHead(204).end();
        waiters.splice(0).forEach((w) => w());
      } catch {
        res.writeHead(400).end(); // forged or stale: refuse
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}/kyc-hooks`,
    async next(match: (e: KycWebhookEvent) => boolean, ms = 180_000): Promise<KycWebhookEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = seen.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('webhook not received in time');
        await new Promise<void>((resolve) => { waiters.push(resolve); setTimeout(resolve, 1000); });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Step 3, the contact's part: the hosted flow in Chromium with a passport photo and a selfie, and the liveness
 * step's live capture from Chromium's fake camera (its test pattern shows no face, so the capture fails and the
 * report says so; a real contact does this in front of their own camera).
 */
async function completeInBrowser(link: string, sharedData: string, executablePath: string, log: (l: string) => void) {
  const face = (n: number) => path.join(sharedData, 'faces/faceapi-bbt/sheldon', `sheldon${n}.png`);
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  });
  try {
    const page = await browser.newPage({ locale: 'en-GB' });
    const heading = (name: string) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 60_000 });
    const received = () => page.getByText('Received. This photo can be used.').last().waitFor({ timeout: 90_000 });
    await page.goto(link);
    await heading('Your home address');
    await page.getByLabel('Street and house number').fill('7 Queen Street');
    await page.getByLabel('Town or city').fill('Leeds');
    await page.getByLabel('Postcode').fill('LS1 2AB');
    await page.getByLabel('Country', { exact: true }).selectOption('GB');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await heading('Your ID document');
    // The document step asks which document first (the issuing country comes from the address).
    await page.getByRole('radio', { name: /^Passport/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Front of your ID document', { exact: true }).setInputFiles(path.join(sharedData, 'documents/passporteye__100_pass-fin.png'));
    await received();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await heading('A photo of your face');
    await page.getByLabel('Selfie', { exact: true }).setInputFiles(face(1));
    await received();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await heading('Show us you are here');
    // The server starts a capture session with its random challenges when the camera opens; frames stream to it.
    await page.getByRole('button', { name: 'Start the camera check' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'We could not confirm that you are here in person' });
    await failed.waitFor({ timeout: 240_000 });
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await heading('Check and send');
    await page.getByLabel(/^I agree that /).check();
    await page.getByRole('button', { name: 'Send for verification' }).click();
    await heading('Thank you');
    log('   the contact finished the flow (the fake camera showed no face: liveness failed, as the report will say)');
  } finally {
    await browser.close();
  }
}

export async function runSequence(o: SequenceOptions) {
  const log = o.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const kyc = createKycClient({ baseUrl: o.baseUrl, clientId: o.clientId, clientSecret: o.clientSecret });
  const receiver = await startReceiver(o.receiverHost ?? '127.0.0.1');
  try {
    // Endpoint 9: what this application wants to hear about.
    await kyc.subscriptions.create({
      callback_url: receiver.url, type: 'WEBHOOK',
      config: { api_secret: SECRET, entities: [
        { entity: 'CONTACT', report_types: ['ONBOARDING', 'AML'], events: ['REPORT_READY', 'REPORT_ERROR'] },
        { entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] },
      ] },
    } as never);
    log('0. subscribed to onboarding, AML and account events');

    // 1. The account with its primary contact; the customer's own id goes into metadata.external_reference.
    const account = await kyc.accounts.create({
      name: 'Virtanen Design Oy', type: 'COMPANY',
      primary_contact: { first_name: 'Anna', last_name: 'Virtanen', email: 'anna@example.com', metadata: { external_reference: 'crm-4711' } },
    } as never);
    const contactId = account.primary_contact.id;
    log(`1. account ${account.id} with primary contact ${contactId}`);

    // 2. The onboarding request; mail suppressed, so the link is ours to hand over.
    const requested = await kyc.onboarding.trigger(account.id, contactId, {
      parameters: { personal_details: 'true', idscan: 'true', face_match: 'true', suppress_invitation_mail: 'true' },
      ttl_in_days: 365, is_automatic_refresh_enabled: false,
    } as never);
    const link = requested.data.onboarding_url!;
    log(`2. onboarding requested (${requested.status}); link ${link.replace(/[0-9a-z]{52}$/, '…')}`);
    const portal = await kyc.accounts.sharePortal(account.id);
    log(`   portal shared until ${portal.client_onboarding.expires_at}; completed = ${portal.client_onboarding.completed}`);

    // 3. The contact completes the flow.
    await completeInBrowser(link, o.sharedData, o.chromiumPath ?? '/usr/bin/chromium', log);
    log('3. verification completed through the link');

    // 4. The webhook says the report is ready (signature verified by the receiver).
    const ready = await receiver.next((e) => e.event === 'REPORT_READY' && e.report_type === 'ONBOARDING' && e.contact_id === contactId);
    log(`4. webhook ${ready.event} for ${ready.report_type} (id ${ready.id})`);

    // 5. Read the report and act on the decisions.
    const report = await kyc.onboarding.get(account.id, contactId);
    const idscan = report.data.idscan!;
    log(`5. document ${idscan.document_decision}, face match ${idscan.face_match_decision}; reasons: ${report.data.reasons.join(', ')}`);
    if (idscan.document_decision !== 'PASSED' || idscan.face_match_decision !== 'PASSED') log('   → needs a person: the report is in review on the console (report_link)');

    // 6. Copy what the document says onto the contact: read, merge, full replace (spec endpoint rule 3).
    //    An ALERT document is not copied; a REFER one is (the read is confirmed by its check digits), flagged for review.
    let contact = await kyc.contacts.get(account.id, contactId);
    if (idscan.document_decision !== 'ALERT' && idscan.date_of_birth) {
      const address = report.data.personal_details;
      contact = await kyc.contacts.merge(account.id, contactId, {
        date_of_birth: idscan.date_of_birth,
        passport_number: idscan.passport_number ?? '',
        passport_expiry_date: idscan.passport_number ? idscan.document_expiry_date : '',
        ...(address ? { primary_address: { street: address.street, city: address.city, postcode: address.postcode, country_code: address.country } } : {}),
      } as never);
      log(`6. contact updated (revision ${contact.revision}): date_of_birth ${contact.date_of_birth}, passport ${contact.passport_number}, external_reference kept: ${contact.metadata.external_reference}`);
    } else {
      log('6. nothing copied: the document was not confirmed');
    }

    // 7. The AML report (needs full name, date of birth and address: the contact now has them).
    const aml = await kyc.aml.trigger(account.id, contactId, { ttl_in_days: 365 });
    log(`7. AML requested (${aml.status})`);

    // 8. Its webhook.
    const amlReady = await receiver.next((e) => e.report_type === 'AML' && e.contact_id === contactId && (e.event === 'REPORT_READY' || e.event === 'REPORT_ERROR'));
    log(`8. webhook ${amlReady.event} for AML`);

    // 9. Read it and act.
    const amlReport = await kyc.aml.get(account.id, contactId);
    const d = amlReport.data as { decision?: string; pep_matches?: string; sanctions_matches?: string; reasons?: string[] };
    log(`9. AML ${amlReport.status}: identity ${d.decision}, PEP ${d.pep_matches}, sanctions ${d.sanctions_matches}`);

    const finalAccount = await kyc.accounts.get(account.id);
    log(`   account client_onboarding.completed = ${finalAccount.client_onboarding.completed}`);
    return { account: finalAccount, onboarding: report, contact, aml: amlReport };
  } finally {
    await receiver.close();
  }
}
