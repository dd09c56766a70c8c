import { describe, expect, it } from 'vitest';
import { validateEntities, wants } from './subscriptions.ts';
import { afterAttempt, isAcknowledged } from './retry.ts';
import { checkCallbackUrl, isPublicAddress, literalPrivateHost } from './addresses.ts';

describe('subscription entities', () => {
  it('accepts the three usage patterns of spec endpoint rule 7', () => {
    expect(validateEntities([{ entity: 'CONTACT', report_types: ['ONBOARDING'], events: ['REPORT_READY'] }])).toEqual([]);
    expect(validateEntities([{ entity: 'CONTACT', report_types: ['AML'], events: ['REPORT_READY', 'REPORT_ERROR'] }])).toEqual([]);
    expect(validateEntities([{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }])).toEqual([]);
  });

  it.each([
    ['CONTACT without report types', [{ entity: 'CONTACT' as const, events: ['REPORT_READY'] }], '/config/entities/0/report_types'],
    ['ACCOUNT with report types', [{ entity: 'ACCOUNT' as const, report_types: ['AML'], events: ['ENTITY_UPDATED'] }], '/config/entities/0/report_types'],
    ['a report event on ACCOUNT', [{ entity: 'ACCOUNT' as const, events: ['REPORT_READY'] }], '/config/entities/0/events/0'],
    ['ENTITY_UPDATED on CONTACT', [{ entity: 'CONTACT' as const, report_types: ['AML'], events: ['ENTITY_UPDATED'] }], '/config/entities/0/events/0'],
    ['no events', [{ entity: 'ACCOUNT' as const, events: [] }], '/config/entities/0/events'],
    ['the same entity twice', [{ entity: 'ACCOUNT' as const, events: ['ENTITY_UPDATED'] }, { entity: 'ACCOUNT' as const, events: ['ENTITY_UPDATED'] }], '/config/entities'],
  ])('refuses %s', (_name, entities, pointer) => {
    expect(validateEntities(entities).map((e) => e.pointer)).toContain(pointer);
  });

  it('matches an event only to entries that name its entity, event and report type', () => {
    const entities = [{ entity: 'CONTACT' as const, report_types: ['AML'], events: ['REPORT_READY'] }];
    expect(wants(entities, { entity: 'CONTACT', event: 'REPORT_READY', report_type: 'AML' })).toBe(true);
    expect(wants(entities, { entity: 'CONTACT', event: 'REPORT_READY', report_type: 'ONBOARDING' })).toBe(false);
    expect(wants(entities, { entity: 'CONTACT', event: 'REPORT_ERROR', report_type: 'AML' })).toBe(false);
    expect(wants(entities, { entity: 'ACCOUNT', event: 'ENTITY_UPDATED', report_type: null })).toBe(false);
    expect(wants([{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }], { entity: 'ACCOUNT', event: 'ENTITY_UPDATED', report_type: null })).toBe(true);
  });

  it('the company check (issue 24): an ACCOUNT entry naming COMPANY takes its report events; ENTITY_UPDATED whatever caused it', () => {
    const entities = [{ entity: 'ACCOUNT' as const, report_types: ['COMPANY'], events: ['ENTITY_UPDATED', 'REPORT_READY'] }];
    expect(validateEntities(entities)).toEqual([]);
    expect(validateEntities([{ entity: 'ACCOUNT', events: ['REPORT_READY'] }]).map((e) => e.pointer)).toEqual(['/config/entities/0/events/0']);
    expect(validateEntities([{ entity: 'CONTACT', report_types: ['COMPANY'], events: ['REPORT_READY'] }]).map((e) => e.pointer)).toEqual(['/config/entities/0/report_types/0']);
    expect(wants(entities, { entity: 'ACCOUNT', event: 'REPORT_READY', report_type: 'COMPANY' })).toBe(true);
    expect(wants(entities, { entity: 'ACCOUNT', event: 'ENTITY_UPDATED', report_type: 'COMPANY' })).toBe(true);
    expect(wants(entities, { entity: 'ACCOUNT', event: 'ENTITY_UPDATED', report_type: null })).toBe(true);
    expect(wants([{ entity: 'ACCOUNT', events: ['ENTITY_UPDATED'] }], { entity: 'ACCOUNT', event: 'REPORT_READY', report_type: 'COMPANY' })).toBe(false);
    expect(wants([{ entity: 'CONTACT', report_types: ['AML'], events: ['REPORT_READY'] }], { entity: 'ACCOUNT', event: 'REPORT_READY', report_type: 'COMPANY' })).toBe(false);
  });
});

describe('retry schedule', () => {
  const schedule = [0, 5_000, 300_000];
  const now = new Date('2026-01-01T00:00:00Z');
  it('a 2xx ends the delivery', () => expect(afterAttempt(schedule, 1, true, now)).toEqual({ kind: 'delivered' }));
  it('a failure waits for the next step of the schedule', () => {
    expect(afterAttempt(schedule, 1, false, now)).toEqual({ kind: 'retry', at: new Date('2026-01-01T00:00:05Z') });
    expect(afterAttempt(schedule, 2, false, now)).toEqual({ kind: 'retry', at: new Date('2026-01-01T00:05:00Z') });
  });
  it('after the last attempt the delivery has failed', () => expect(afterAttempt(schedule, 3, false, now)).toEqual({ kind: 'failed' }));
  it('only 2xx acknowledges; redirects and errors do not', () => {
    expect([200, 204, 299].every(isAcknowledged)).toBe(true);
    expect([undefined, 199, 301, 302, 400, 500].some(isAcknowledged)).toBe(false);
  });
});

describe('callback addresses', () => {
  it('knows public from private, loopback, link-local and mapped addresses', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fc00::1', '::ffff:127.0.0.1', '0.0.0.0', 'not-an-ip']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
  it('refuses non-http URLs, credentials and fragments', () => {
    expect(checkCallbackUrl('https://example.com/hook')).toBeUndefined();
    expect(checkCallbackUrl('ftp://example.com')).toMatch(/http/);
    expect(checkCallbackUrl('https://user:pw@example.com')).toMatch(/credentials/);
    expect(checkCallbackUrl('https://example.com/#x')).toMatch(/fragment/);
    expect(checkCallbackUrl('nope')).toMatch(/absolute/);
  });
  it('spots literal private hosts', () => {
    expect(literalPrivateHost('http://127.0.0.1:8080/x')).toBe(true);
    expect(literalPrivateHost('http://[::1]/x')).toBe(true);
    expect(literalPrivateHost('http://localhost/x')).toBe(true);
    expect(literalPrivateHost('https://hooks.example.com/x')).toBe(false);
  });
});
