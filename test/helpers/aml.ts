import { expect } from 'vitest';
import type { TestClient, TestService } from './service.ts';

/** An individual account for the person, its AML report requested, and the report once it has left INITIAL. */
export async function amlCheckOf(t: TestService, c: TestClient, first: string, last: string, dob: string, address = { street: '1 Main St', postcode: '12345', city: 'Town', country_code: 'US' }) {
  const account = (await t.app.inject({
    method: 'POST', url: `/clients/${c.clientId}/accounts`, headers: c.auth,
    payload: { name: `${first} ${last}`, type: 'INDIVIDUAL', primary_contact: { first_name: first, last_name: last, email: 'x@example.com', date_of_birth: dob, primary_address: address } },
  })).json();
  const url = `/clients/${c.clientId}/accounts/${account.id}/contacts/${account.primary_contact.id}/reports/aml`;
  expect((await t.app.inject({ method: 'PUT', url, headers: c.auth, payload: { config: {} } })).statusCode).toBe(202);
  for (let i = 0; i < 200; i++) {
    const report = (await t.app.inject({ url, headers: c.auth })).json();
    if (report.status !== 'INITIAL') return report;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the check did not finish');
}
