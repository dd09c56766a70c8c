/**
 * Monitoring: what changed on the register between two checks of one company, as reason codes (each one an
 * ENTITY_UPDATED for the account, and a line in the report's change history).
 */
import type { RegisterPerson } from './people.ts';
import type { ChAddress } from './register.ts';

export type ChangeCode = 'STATUS_CHANGED' | 'REGISTERED_OFFICE_CHANGED' | 'NAME_CHANGED' | 'NEW_OFFICER' | 'OFFICER_LEFT' | 'NEW_PSC' | 'PSC_CEASED';

export interface Change {
  code: ChangeCode;
  person_id?: string;
  from?: string;
  to?: string;
}

/** What monitoring keeps of a check to compare the next one with. */
export interface Snapshot {
  name: string;
  status: string;
  office: string;
  people: Array<Pick<RegisterPerson, 'id' | 'kind'>>;
}

export const addressLine = (a: ChAddress | undefined | null) =>
  a ? [a.care_of, a.po_box, a.premises, a.address_line_1, a.address_line_2, a.locality, a.region, a.postal_code, a.country].filter(Boolean).join(', ') : '';

export function diffSnapshots(before: Snapshot, after: Snapshot): Change[] {
  const changes: Change[] = [];
  if (before.status !== after.status) changes.push({ code: 'STATUS_CHANGED', from: before.status, to: after.status });
  const fold = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (fold(before.office) !== fold(after.office)) changes.push({ code: 'REGISTERED_OFFICE_CHANGED' });
  if (before.name !== after.name) changes.push({ code: 'NAME_CHANGED', from: before.name, to: after.name });
  const was = new Set(before.people.map((p) => p.id));
  const is = new Set(after.people.map((p) => p.id));
  for (const p of after.people) if (!was.has(p.id)) changes.push({ code: p.kind === 'PSC' ? 'NEW_PSC' : 'NEW_OFFICER', person_id: p.id });
  for (const p of before.people) if (!is.has(p.id)) changes.push({ code: p.kind === 'PSC' ? 'PSC_CEASED' : 'OFFICER_LEFT', person_id: p.id });
  return changes;
}
