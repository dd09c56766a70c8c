/**
 * Where a contact's or an account's personal data lives: the tables, the column naming the owner, and each
 * sealed column with the associated data its module binds (ADR 5, ADR 75). Ending a relationship keeps or
 * deletes these rows; the re-seal moves their version-1 values under the owner's key. A new table of personal
 * data belongs here too, or it is neither kept, nor deleted, nor re-sealed.
 */
export interface SealedColumn {
  column: string;
  aad: (row: Record<string, unknown>) => string;
}

export interface PersonalTable {
  table: string;
  /** The column holding the contact (or account) id the rows belong to. */
  owner: string;
  kind: 'CONTACT' | 'ACCOUNT';
  /** Columns of the primary key, to update one row in a re-seal. */
  key: string[];
  sealed: SealedColumn[];
}

const s = (value: unknown) => String(value);

export const PERSONAL_TABLES: PersonalTable[] = [
  { table: 'accounts', owner: 'id', kind: 'ACCOUNT', key: ['id'], sealed: [
    { column: 'name_enc', aad: (r) => `account:${s(r.id)}` },
    { column: 'portal_token_enc', aad: (r) => `portal:${s(r.id)}` },
  ] },
  { table: 'contacts', owner: 'id', kind: 'CONTACT', key: ['id'], sealed: [{ column: 'pii', aad: (r) => `contact:${s(r.id)}` }] },
  { table: 'aml_reports', owner: 'contact_id', kind: 'CONTACT', key: ['contact_id'], sealed: [
    { column: 'data_enc', aad: (r) => `aml:data:${s(r.contact_id)}` },
    { column: 'review_enc', aad: (r) => `aml:review:${s(r.contact_id)}` },
  ] },
  { table: 'aml_match_reviews', owner: 'contact_id', kind: 'CONTACT', key: ['contact_id', 'entity_id'], sealed: [
    { column: 'review_enc', aad: (r) => `aml:match-review:${s(r.contact_id)}:${s(r.entity_id)}` },
  ] },
  { table: 'onboarding_reports', owner: 'contact_id', kind: 'CONTACT', key: ['contact_id'], sealed: [
    { column: 'link_enc', aad: (r) => `onboarding:link:${s(r.contact_id)}` },
    { column: 'flow_enc', aad: (r) => `onboarding:flow:${s(r.contact_id)}` },
    { column: 'data_enc', aad: (r) => `onboarding:data:${s(r.contact_id)}` },
    { column: 'review_enc', aad: (r) => `onboarding:review:${s(r.contact_id)}` },
  ] },
  { table: 'onboarding_files', owner: 'contact_id', kind: 'CONTACT', key: ['id'], sealed: [
    { column: 'feedback_enc', aad: (r) => `onboarding:flow:${s(r.contact_id)}` },
  ] },
  // Liveness capture sessions (issue 21): the camera report and the decision with its measures, under the contact's key.
  { table: 'liveness_sessions', owner: 'contact_id', kind: 'CONTACT', key: ['id'], sealed: [
    { column: 'camera_enc', aad: (r) => `onboarding:liveness:${s(r.contact_id)}` },
    { column: 'result_enc', aad: (r) => `onboarding:liveness:${s(r.contact_id)}` },
  ] },
  { table: 'liveness_frames', owner: 'contact_id', kind: 'CONTACT', key: ['id'], sealed: [] },
  { table: 'onboarding_invitations', owner: 'contact_id', kind: 'CONTACT', key: ['id'], sealed: [] },
  // Chip challenges (ADR 0127) and the chip authentication session keys they may hold (ADR 0198).
  { table: 'onboarding_chip_challenges', owner: 'contact_id', kind: 'CONTACT', key: ['contact_id', 'run_id', 'challenge'], sealed: [
    { column: 'ca_session_enc', aad: (r) => `onboarding:chip:${s(r.contact_id)}` },
  ] },
  // The company check (issue 24): what the register says of the company and its people, under the account's key;
  // a register person added as a contact, under the contact's.
  { table: 'company_reports', owner: 'account_id', kind: 'ACCOUNT', key: ['account_id'], sealed: [
    { column: 'data_enc', aad: (r) => `company:data:${s(r.account_id)}` },
  ] },
  { table: 'company_people', owner: 'contact_id', kind: 'CONTACT', key: ['contact_id', 'person_id'], sealed: [
    { column: 'source_enc', aad: (r) => `company:person:${s(r.contact_id)}` },
  ] },
  { table: 'console_pending_reviews', owner: 'contact_id', kind: 'CONTACT', key: ['contact_id', 'kind'], sealed: [
    // AML proposals kept the associated data they had before onboarding proposals shared the table.
    { column: 'proposal_enc', aad: (r) => (r.kind === 'AML' ? `console-pending-review:${s(r.contact_id)}` : `console-pending-review:${s(r.kind)}:${s(r.contact_id)}`) },
  ] },
];

/** The tables that hold a contact's due diligence records: a contact with a row in one has a retention obligation. */
export const RECORD_TABLES = ['onboarding_reports', 'aml_reports'];
