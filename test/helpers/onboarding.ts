import sharp from 'sharp';
import { expect } from 'vitest';
import type { Fixture, TestClient } from './fixture.ts';

/**
 * The onboarding tests' steps over HTTP, bound to the file's fixture (read when a step runs, so they can be
 * made before `beforeAll` has started it).
 */
export function onboardingSteps(fixture: () => Fixture) {
  /** An individual account's primary contact (or, with `email` null, a second contact without an address) and its report URL. */
  async function contact(client: TestClient, email: string | null = 'ada@example.com') {
    const { t } = fixture();
    const response = await t.app.inject({
      method: 'POST', url: `/clients/${client.clientId}/accounts`, headers: client.auth,
      payload: { name: 'Ada Hartley', type: 'INDIVIDUAL', primary_contact: { first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', date_of_birth: '1985-04-12', primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB' } } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const account = response.json();
    let contactId = account.primary_contact.id as string;
    if (email === null) {
      const second = await t.app.inject({ method: 'POST', url: `/clients/${client.clientId}/accounts/${account.id}/contacts`, headers: client.auth, payload: { first_name: 'Noel', last_name: 'Nomail' } });
      expect(second.statusCode, second.body).toBe(201);
      contactId = second.json().id;
    }
    return { accountId: account.id as string, contactId, url: `/clients/${client.clientId}/accounts/${account.id}/contacts/${contactId}/reports/onboarding` };
  }

  const trigger = (client: TestClient, url: string, parameters: Record<string, string>, extra: Record<string, unknown> = {}) =>
    fixture().t.app.inject({ method: 'PUT', url, headers: client.auth, payload: { config: { parameters, ...extra } } });
  const tokenOf = (report: { data: { onboarding_url: string } }) => report.data.onboarding_url.split('/verify/')[1]!;
  const eventsFor = (contactId: string) => fixture().eventsFor(contactId);

  return { contact, trigger, tokenOf, eventsFor };
}

/** A sharp, evenly lit card-like photo with no MRZ and an EXIF marker: usable as a picture, unreadable as a document. */
export async function documentPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="900"><rect width="1400" height="900" fill="#e8e4d8"/>
    <rect x="60" y="60" width="1280" height="780" rx="30" fill="#f6f3ea" stroke="#333" stroke-width="6"/>
    <text x="120" y="200" font-size="64" font-family="sans-serif" fill="#111">SPECIMEN CARD</text>
    <text x="120" y="320" font-size="40" font-family="sans-serif" fill="#222">NOT AN IDENTITY DOCUMENT 0123456789</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).withExifMerge({ IFD0: { Copyright: 'secret-exif-marker' } }).toBuffer();
}
