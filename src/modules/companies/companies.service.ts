import type { Db, Sql } from '../../platform/db/db.ts';
import { toBuffer } from '../../platform/db/db.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import type { DomainEvent, EventRecorder } from '../../platform/events.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { validationError } from '../../platform/http/validation.ts';
import type { AccountsService, ContactOut } from '../accounts/index.ts';
import { NoListsLoadedError, type ScreeningService } from '../screening/index.ts';
import { RegisterUnavailableError } from './ch-client.ts';
import { companiesRepo, type CompanyReportRow } from './companies.repo.ts';
import type { CompanyContactsInput, CompanyReportOut, RegisterPersonView } from './companies.schemas.ts';
import { addressLine, diffSnapshots, type Change, type Snapshot } from './domain/changes.ts';
import { normaliseCompanyNumber } from './domain/company-number.ts';
import { decideCompany, type Reason } from './domain/decision.ts';
import { findDiscrepancies, type Discrepancy, type GivenContact } from './domain/discrepancies.ts';
import { compareCompanyNames, type FormKind, type NameComparison } from './domain/names.ts';
import { contactAddressOf, officerPeople, pscPeople, ukCompanyNumberOf, type RegisterPerson } from './domain/people.ts';
import type { ChCompanyProfile, RegisterSource } from './domain/register.ts';
import { identityOfPerson, registerPersonOf, type CompaniesHouseIdentity } from './domain/identity.ts';

import { companyEvent, companyReportId, type CheckStarter, type CompanyCheckJob } from './check-start.ts';

export const COMPANY_RETRY_LIMIT = 3;

export interface CompaniesDeps {
  db: Db;
  /** The register's data is sealed under the account's key, a person's source record under the contact's (ADR 75). */
  keys: DataKeys;
  events: EventRecorder;
  /** Starts a run (built before the accounts module, which calls it on creation). */
  starter: CheckStarter;
  accounts: AccountsService;
  /** The Companies House API or the imported bulk products; undefined: not configured (checks answer 422). */
  source: RegisterSource | undefined;
  /** Screens the register's people (and the company) when lists are loaded; optional. */
  screening?: ScreeningService;
  /** The screening module's legal-form kinds (Ltd = Limited), for the name comparison. */
  formKind: FormKind;
  /** How many levels of UK corporate PSCs are followed (COMPANIES_HOUSE_PSC_DEPTH). */
  pscDepth: number;
  now: () => Date;
}

/** What the register said at one check (sealed in data_enc with the assessment and the change history). */
interface StoredData {
  company_number: string;
  profile: ChCompanyProfile | null;
  officers_available: boolean;
  /** Current PSCs of the company itself; null when the source has no PSCs. */
  psc_count: number | null;
  people: Array<RegisterPerson & { screening: RegisterPersonView['screening'] }>;
  name_match: NameComparison | null;
  reasons: Reason[];
  discrepancies: Discrepancy[];
  matched: Array<[string, string]>;
  changes: Array<{ at: string; changes: Change[] }>;
}

/**
 * The company check (KYB, issue 24): a COMPANY account's registration number read against Companies House,
 * the decision (domain/decision.ts), the officers and PSCs with their discrepancies against the contacts, the
 * people added as contacts, and monitoring.
 */
export function createCompaniesService(deps: CompaniesDeps) {
  const { db, keys, events } = deps;
  const aad = (accountId: string) => `company:data:${accountId}`;
  const seal = async (sql: Sql, accountId: string, data: StoredData) => (await keys.cipherFor(sql, accountId)).encryptJson(data, aad(accountId));
  const open = async (sql: Sql, row: CompanyReportRow): Promise<StoredData | null> =>
    (row.data_enc ? (await keys.cipherFor(sql, row.account_id)).decryptJson<StoredData>(toBuffer(row.data_enc), aad(row.account_id)) : null);

  const reportId = companyReportId;
  const event = (tx: Sql, row: CompanyReportRow, name: DomainEvent['event'], reasons?: string[]) => companyEvent(events, tx, row, name, reasons);

  async function reportOut(sql: Sql, row: CompanyReportRow): Promise<CompanyReportOut> {
    const data = await open(sql, row);
    const added = new Map((await companiesRepo.people(sql, row.client_id, row.account_id)).map((p) => [p.person_id, p.contact_id]));
    const matched = new Map(data?.matched ?? []);
    const p = data?.profile ?? null;
    const person = (x: StoredData['people'][number]): RegisterPersonView => ({ ...x, contact_id: added.get(x.id) ?? matched.get(x.id) ?? null });
    return {
      id: reportId(row.account_id), account_id: row.account_id, client_id: row.client_id, type: 'COMPANY', status: row.status, revision: String(row.revision),
      data: {
        company_number: row.company_number,
        source: (row.source as CompanyReportOut['data']['source']) ?? null,
        decision: (row.decision as CompanyReportOut['data']['decision']) ?? null,
        reasons: data?.reasons ?? [],
        company: p ? {
          name: p.company_name, number: p.company_number, status: p.company_status ?? null, status_detail: p.company_status_detail ?? null, type: p.type ?? null,
          jurisdiction: p.jurisdiction ?? null, incorporated_on: p.date_of_creation ?? null, ceased_on: p.date_of_cessation ?? null,
          registered_office: p.registered_office_address ?? null, sic_codes: p.sic_codes ?? [],
          accounts_next_due: p.accounts?.next_due ?? null, accounts_overdue: p.accounts?.overdue === true,
          confirmation_statement_next_due: p.confirmation_statement?.next_due ?? null, confirmation_statement_overdue: p.confirmation_statement?.overdue === true,
          previous_names: (p.previous_company_names ?? []).map((n) => n.name),
        } : null,
        name_match: data?.name_match ?? null,
        officers_available: data?.officers_available ?? false,
        officers: (data?.people ?? []).filter((x) => x.kind === 'OFFICER').map(person),
        pscs: (data?.people ?? []).filter((x) => x.kind === 'PSC').map(person),
        discrepancies: data?.discrepancies ?? [],
        changes: data?.changes ?? [],
        requested_at: row.requested_at.toISOString(),
        refreshed_at: row.refreshed_at?.toISOString() ?? null,
        error: row.error,
      },
    };
  }

  /** The account's registration number in register form, or a 422 naming the field. */
  function companyNumberOf(account: { type: string; reg_number: string }): string {
    if (account.type !== 'COMPANY') throw new AppError('unprocessable', 'A company check is for COMPANY accounts');
    const number = normaliseCompanyNumber(account.reg_number);
    if (!number) throw validationError([{ pointer: '/reg_number', message: 'the account needs a UK company registration number (8 characters, such as 01234567 or SC123456) for a company check' }]);
    return number;
  }

  /** Reads the register: the company, its officers and PSCs, and the PSCs of UK corporate PSCs up to the depth limit. */
  async function readRegister(number: string) {
    const source = deps.source!;
    const extract = await source.company(number);
    if (!extract) return { source: source.name, profile: null, officersAvailable: false, people: [] as RegisterPerson[], pscCount: null };
    const people: RegisterPerson[] = [...officerPeople(number, extract.officers ?? []), ...pscPeople(number, extract.pscs ?? [])];
    const seen = new Set([number]);
    let frontier = people.filter((p) => p.kind === 'PSC');
    for (let depth = 1; depth <= deps.pscDepth && frontier.length; depth++) {
      const next: RegisterPerson[] = [];
      for (const corporate of frontier) {
        const n = ukCompanyNumberOf(corporate, normaliseCompanyNumber);
        if (!n || seen.has(n)) continue;
        seen.add(n);
        const parent = await source.company(n);
        if (parent) next.push(...pscPeople(n, parent.pscs ?? [], depth));
      }
      people.push(...next);
      frontier = next;
    }
    return { source: source.name, profile: extract.profile, officersAvailable: extract.officers !== null, people, pscCount: extract.pscs === null ? null : pscPeople(number, extract.pscs).length };
  }

  function screenPerson(p: RegisterPerson): RegisterPersonView['screening'] {
    if (!deps.screening) return null;
    try {
      const dob = p.year_of_birth ? `${p.year_of_birth}${p.month_of_birth ? `-${String(p.month_of_birth).padStart(2, '0')}` : ''}` : undefined;
      const name = p.individual ? [p.forename, p.middle_names, p.surname].filter(Boolean).join(' ') : p.name;
      const result = deps.screening.screen({ name, type: p.individual ? 'person' : 'company', ...(dob ? { dob } : {}) });
      return { potential_matches: result.matches.length, lists: [...new Set(result.matches.map((m) => m.list))] };
    } catch (error) {
      if (error instanceof NoListsLoadedError) return null;
      throw error;
    }
  }

  const givenOf = (c: ContactOut): GivenContact => ({ id: c.id, type: c.type, first_name: c.first_name, middle_name: c.middle_name, last_name: c.last_name, date_of_birth: c.date_of_birth });

  /** The assessment (name, discrepancies, decision) of what the register said, against the account as it is now. */
  function assess(data: Omit<StoredData, 'name_match' | 'reasons' | 'discrepancies' | 'matched'>, accountName: string, contacts: ContactOut[], links: ReadonlyArray<{ contact_id: string; person_id: string }>) {
    const name = data.profile ? compareCompanyNames(accountName, data.profile.company_name, deps.formKind) : null;
    // Contacts added from the register are the register's people: they are matched by their link, not their name.
    const addedContacts = new Set(links.map((l) => l.contact_id));
    const addedPeople = new Set(links.map((l) => l.person_id));
    const given = contacts.filter((c) => !addedContacts.has(c.id)).map(givenOf);
    const { discrepancies, matched } = findDiscrepancies(given, data.people.filter((p) => !addedPeople.has(p.id)));
    const hits = data.people.filter((p) => (p.screening?.potential_matches ?? 0) > 0).length;
    const { decision, reasons } = decideCompany({ profile: data.profile, name, discrepancies, pscCount: data.psc_count, screeningHits: hits });
    return { decision, stored: { ...data, name_match: name, reasons, discrepancies, matched: [...matched] } satisfies StoredData };
  }

  /** The register read and assessed for one account. */
  async function examine(clientId: string, accountId: string, number: string, changes: StoredData['changes']) {
    const { account, contacts } = await deps.accounts.accountWithContacts(clientId, accountId);
    const register = await readRegister(number);
    const people = register.people.map((p) => ({ ...p, screening: screenPerson(p) }));
    const links = await companiesRepo.people(db, clientId, accountId);
    const { decision, stored } = assess(
      { company_number: number, profile: register.profile, officers_available: register.officersAvailable, psc_count: register.pscCount ?? null, people, changes },
      account.name, contacts, links,
    );
    return { source: register.source, decision, stored };
  }

  const snapshotOf = (data: StoredData): Snapshot => ({
    name: data.profile?.company_name ?? '', status: [data.profile?.company_status, data.profile?.company_status_detail].filter(Boolean).join('/'),
    office: addressLine(data.profile?.registered_office_address), people: data.people.filter((p) => p.depth === 0).map((p) => ({ id: p.id, kind: p.kind })),
  });

  /** One monitored report read again; what changed is recorded in it and announced (ENTITY_UPDATED, REPORT_IN_REVIEW). */
  async function refreshRow(row: CompanyReportRow): Promise<'changed' | 'same' | 'unavailable' | 'failed'> {
    const before = await open(db, row);
    let result;
    try {
      result = await examine(row.client_id, row.account_id, row.company_number, before?.changes ?? []);
    } catch (error) {
      return error instanceof RegisterUnavailableError ? 'unavailable' : 'failed';
    }
    const diff = before ? diffSnapshots(snapshotOf(before), snapshotOf(result.stored)) : [];
    if (diff.length) result.stored.changes = [{ at: deps.now().toISOString(), changes: diff }, ...result.stored.changes].slice(0, 50);
    return db.tx(async (tx) => {
      const saved = await companiesRepo.saveRefresh(tx, row.client_id, row.account_id, row.revision, {
        decision: result.decision, needsReview: result.decision !== 'PASS' && (row.needs_review || result.decision !== row.decision),
        dataEnc: await seal(tx, row.account_id, result.stored), at: deps.now(),
      });
      if (!saved || diff.length === 0) return 'same';
      // The change codes say why (no personal data: which person is in the report's data.changes).
      await event(tx, saved, 'ENTITY_UPDATED', [...new Set(diff.map((c) => c.code))]);
      if (saved.needs_review && !row.needs_review) await event(tx, saved, 'REPORT_IN_REVIEW');
      return 'changed';
    });
  }

  async function finishWithError(job: CompanyCheckJob, message: string) {
    await db.tx(async (tx) => {
      const row = await companiesRepo.finishRun(tx, job.clientId, job.accountId, job.runId, { status: 'ERROR', source: null, decision: null, needsReview: false, dataEnc: null, error: message, at: deps.now() });
      if (row) await event(tx, row, 'REPORT_ERROR');
    });
  }

  return {
    configured: () => deps.source !== undefined,

    /** On demand (and on account creation): queues a check of the account's company. */
    async trigger(clientId: string, accountId: string): Promise<CompanyReportOut> {
      const account = await deps.accounts.getAccount(clientId, accountId);
      const number = companyNumberOf(account);
      if (!deps.source) throw new AppError('unavailable', 'Company checks are not configured: set COMPANIES_HOUSE_API_KEY, or COMPANIES_HOUSE_BULK_FILES for the bulk products');
      return db.tx(async (tx) => reportOut(tx, await deps.starter.startRun(tx, clientId, accountId, number)));
    },

    async get(clientId: string, accountId: string): Promise<CompanyReportOut> {
      const row = await companiesRepo.get(db, clientId, accountId);
      if (!row) throw notFound();
      return reportOut(db, row);
    },

    /** The job: reads the register, decides, writes the report (only if still the current run). */
    async runCheck(job: CompanyCheckJob, meta: { retryCount: number }): Promise<void> {
      const current = await companiesRepo.get(db, job.clientId, job.accountId);
      if (!current || current.run_id !== job.runId || current.status !== 'INITIAL') return;
      const previous = await open(db, current);
      let result;
      try {
        result = await examine(job.clientId, job.accountId, current.company_number, previous?.changes ?? []);
      } catch (error) {
        if (error instanceof RegisterUnavailableError && meta.retryCount < COMPANY_RETRY_LIMIT) throw error;
        await finishWithError(job, error instanceof RegisterUnavailableError ? 'REGISTER_UNAVAILABLE' : 'CHECK_FAILED');
        return;
      }
      await db.tx(async (tx) => {
        const row = await companiesRepo.finishRun(tx, job.clientId, job.accountId, job.runId, {
          status: 'READY', source: result.source, decision: result.decision, needsReview: result.decision !== 'PASS',
          dataEnc: await seal(tx, job.accountId, result.stored), error: null, at: deps.now(),
        });
        if (!row) return;
        await event(tx, row, 'REPORT_READY');
        if (row.needs_review) await event(tx, row, 'REPORT_IN_REVIEW');
      });
    },

    /**
     * Monitoring: every monitored READY report not refreshed since `olderThan` is read again; what changed on the
     * register (status, registered office, name, officers and PSCs coming and going) is recorded in the report
     * and as ENTITY_UPDATED for the account; a decision that needs a person again adds REPORT_IN_REVIEW.
     */
    async refreshDue(options: { olderThanMs?: number; limit?: number } = {}): Promise<{ refreshed: number; changed: number }> {
      if (!deps.source) return { refreshed: 0, changed: 0 };
      const due = await companiesRepo.dueForRefresh(db, new Date(deps.now().getTime() - (options.olderThanMs ?? 3_600_000)), options.limit ?? 200);
      let changed = 0;
      for (const row of due) {
        const outcome = await refreshRow(row);
        if (outcome === 'unavailable') break; // the register is down: try all of them next time
        if (outcome === 'changed') changed++;
      }
      return { refreshed: due.length, changed };
    },

    /** The streaming API said this company changed: its monitored checks (any client's) are read again now. */
    async refreshCompany(companyNumber: string): Promise<number> {
      if (!deps.source) return 0;
      let changed = 0;
      for (const row of await companiesRepo.monitoredOf(db, companyNumber)) if ((await refreshRow(row)) === 'changed') changed++;
      return changed;
    },

    /**
     * Adds register people as contacts of the account (individuals only: a corporate officer or PSC is no person
     * to verify), each with their role and what the register says of them as an identity source. People already
     * contacts are left as they are. The report is assessed again (its discrepancies change).
     */
    async addPeopleAsContacts(clientId: string, accountId: string, input: CompanyContactsInput) {
      const row = await companiesRepo.get(db, clientId, accountId);
      if (!row) throw notFound();
      const data = await open(db, row);
      if (row.status !== 'READY' && !data) throw new AppError('conflict', 'The company check has not finished yet');
      const people = data?.people ?? [];
      const wanted = input.person_ids ? people.filter((p) => input.person_ids!.includes(p.id)) : people.filter((p) => p.individual);
      const unknown = (input.person_ids ?? []).filter((id) => !people.some((p) => p.id === id));
      const notIndividual = wanted.filter((p) => !p.individual);
      if (unknown.length || notIndividual.length) {
        throw validationError([
          ...unknown.map((id) => ({ pointer: `/person_ids/${input.person_ids!.indexOf(id)}`, message: 'is not a current officer or PSC on this report' })),
          ...notIndividual.map((p) => ({ pointer: `/person_ids/${input.person_ids!.indexOf(p.id)}`, message: 'is a corporate officer or PSC, not a person' })),
        ]);
      }
      const existing = new Map((await companiesRepo.people(db, clientId, accountId)).map((p) => [p.person_id, p.contact_id]));
      const matched = new Map(data?.matched ?? []);
      const added: Array<{ person_id: string; contact_id: string; role: string }> = [];
      const already: Array<{ person_id: string; contact_id: string }> = [];
      // One person can be both an officer and a PSC: one contact for both, keyed on the name and birth month.
      const byPerson = new Map<string, string>();
      for (const p of wanted) {
        const known = existing.get(p.id) ?? matched.get(p.id);
        if (known) { already.push({ person_id: p.id, contact_id: known }); continue; }
        const key = `${p.forename}|${p.surname}|${p.year_of_birth}|${p.month_of_birth}`.toLowerCase();
        const address = contactAddressOf(p.address);
        const contactId = byPerson.get(key) ?? (await deps.accounts.createContact(clientId, accountId, {
          first_name: p.forename || p.name, middle_name: p.middle_names, last_name: p.surname,
          primary_address: { ...address, type: 'PRIMARY' },
        })).id;
        byPerson.set(key, contactId);
        const identity = identityOfPerson(p, 'ADDED', (row.refreshed_at ?? row.updated_at).toISOString());
        await db.tx(async (tx) => companiesRepo.addPerson(tx, clientId, {
          contact_id: contactId, account_id: accountId, person_id: p.id, kind: p.kind, role: p.role,
          sourceEnc: (await keys.cipherFor(tx, contactId)).encryptJson(identity, `company:person:${contactId}`),
        }));
        added.push({ person_id: p.id, contact_id: contactId, role: p.role });
      }
      // The discrepancies and the decision, again, against the contacts as they are now.
      if (data && added.length) {
        const { account, contacts } = await deps.accounts.accountWithContacts(clientId, accountId);
        const { decision, stored } = assess(data, account.name, contacts, await companiesRepo.people(db, clientId, accountId));
        await db.tx(async (tx) => {
          const current = await companiesRepo.get(tx, clientId, accountId, true);
          if (current) await companiesRepo.saveRefresh(tx, clientId, accountId, current.revision, { decision, needsReview: current.needs_review || decision !== current.decision && decision !== 'PASS', dataEnc: await seal(tx, accountId, stored), at: current.refreshed_at ?? deps.now() });
        });
      }
      return { added, already_contacts: already, report: await this.get(clientId, accountId) };
    },

    /**
     * What Companies House says of a contact (their AML identity source, ADR 0150): the register person the contact
     * was added from (as the register said it then), else the current officer or PSC on the account's last company
     * report with the contact's name (surname, first name or initial); undefined for anyone else.
     */
    async identityOf(clientId: string, contactId: string): Promise<CompaniesHouseIdentity | undefined> {
      const added = await companiesRepo.personOfContact(db, clientId, contactId);
      if (added) {
        const stored = (await keys.cipherFor(db, contactId)).decryptJson<CompaniesHouseIdentity>(toBuffer(added.source_enc), `company:person:${contactId}`);
        return { ...stored, link: 'ADDED' }; // records from before ADR 0150 carry no link: they were all added
      }
      const contact = (await deps.accounts.readContacts(db, [{ clientId, contactId }])).get(contactId);
      const row = contact?.account_id ? await companiesRepo.get(db, clientId, contact.account_id) : undefined;
      const data = row ? await open(db, row) : null;
      if (!contact || !row || !data) return undefined;
      const person = registerPersonOf(givenOf(contact), data.people.filter((p) => p.individual));
      return person ? identityOfPerson(person, 'NAME_MATCH', (row.refreshed_at ?? row.updated_at).toISOString()) : undefined;
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
