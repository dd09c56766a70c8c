import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture, type TestClient, type TestService } from '../helpers/fixture.ts';
import { onboardingSteps } from '../helpers/onboarding.ts';

/**
 * The document step's feedback by side (ADR 0211), with the real engines on generated cards
 * (test/documents/make-fixtures.ts): a TD1 identity card's front (portrait, no MRZ) and back (MRZ, no portrait), a
 * passport's photo page with its MRZ out of the picture, a photocard licence. The page sends the kind the contact
 * chose with each upload (`?document=`); the feedback tells a usable side, and a side in the wrong slot.
 */
const image = (name: string) => readFileSync(new URL(`../documents/fixtures/${name}`, import.meta.url));
const ID_FRONT = image('id-card-td1-front.jpg');
const ID_BACK = image('id-card-td1-back.jpg');

let fixture: Fixture;
let t: TestService;
let c: TestClient;
let token: string;

beforeAll(async () => {
  fixture = await startFixture({ now: () => new Date('2026-11-22T10:00:00Z'), client: 'Feedback firm', credits: 5 });
  ({ t, c } = fixture);
  const { contact, trigger, tokenOf } = onboardingSteps(() => fixture);
  const p = await contact(c);
  // face_match offers the national identity card (documentKinds).
  const report = await trigger(c, p.url, { suppress_invitation_mail: 'true', face_match: 'true' });
  expect(report.statusCode, report.body).toBe(202);
  token = tokenOf(report.json());
}, 180_000);
afterAll(async () => fixture?.close());

async function upload(slot: 'document_front' | 'document_back', bytes: Buffer, document?: string) {
  const query = document ? `?document=${document}` : '';
  const response = await t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/${slot}${query}`, headers: { 'content-type': 'image/jpeg' }, payload: bytes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().feedback as { usable: boolean; problems: string[] };
}

// The real document engine and face engine on a shared machine: a photo with no MRZ runs every reading attempt.
describe('upload feedback by the side of the document chosen', { timeout: 240_000 }, () => {
  it('an identity card\'s front (portrait, no MRZ) is usable; the same photo with no kind named is DOCUMENT_NOT_READ, as before', async () => {
    expect(await upload('document_front', ID_FRONT, 'identity_card')).toEqual({ usable: true, problems: [] });
    // A page that does not name the kind: the old rule (an MRZ or a licence's fields on every front).
    expect(await upload('document_front', ID_FRONT)).toEqual({ usable: false, problems: ['DOCUMENT_NOT_READ'] });
  });

  it('a TD1 card\'s back in the front slot is DOCUMENT_BACK_AS_FRONT; in the back slot it is usable', async () => {
    expect(await upload('document_front', ID_BACK, 'identity_card')).toEqual({ usable: false, problems: ['DOCUMENT_BACK_AS_FRONT'] });
    expect(await upload('document_back', ID_BACK, 'identity_card')).toEqual({ usable: true, problems: [] });
  });

  it('an identity card\'s front in the back slot is DOCUMENT_FRONT_AS_BACK', async () => {
    expect(await upload('document_back', ID_FRONT, 'identity_card')).toEqual({ usable: false, problems: ['DOCUMENT_FRONT_AS_BACK'] });
  });

  it('a passport\'s photo page without its MRZ is still DOCUMENT_NOT_READ, though it shows a face', async () => {
    expect(await upload('document_front', image('passport-no-mrz.jpg'), 'passport')).toEqual({ usable: false, problems: ['DOCUMENT_NOT_READ'] });
  });

  it('a licence\'s front in the back slot is DOCUMENT_FRONT_AS_BACK', async () => {
    expect(await upload('document_back', image('licence-gb.jpg'), 'driving_licence')).toEqual({ usable: false, problems: ['DOCUMENT_FRONT_AS_BACK'] });
  });

  it('a kind the page does not offer is refused before any engine runs', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/verify/${token}/uploads/document_front?document=library_card`, headers: { 'content-type': 'image/jpeg' }, payload: ID_FRONT });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual([expect.objectContaining({ pointer: expect.stringContaining('document') })]);
  });
});
