import type { Db, Sql } from '../../platform/db/db.ts';
import { one, toBuffer } from '../../platform/db/db.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import { newId } from '../../platform/crypto/ids.ts';
import { isoDate } from '../../platform/domain/dates.ts';
import type { EventRecorder } from '../../platform/events.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { AuditService } from '../audit/index.ts';
import { missingForAml, type AccountsService, type ContactOut } from '../accounts/index.ts';
import { PRICES, type CreditsService } from '../credits/index.ts';
import { SourceUnavailableError, type EidvService, type PersonQuery } from '../eidv/index.ts';
import { DEFAULT_OPTIONS, Matcher, type ListedEntity, type ScreeningResult, type ScreeningService } from '../screening/index.ts';
import type { AmlReportOut, AmlReviewInput, AmlTrigger } from './aml.schemas.ts';
import { amlRepo, type AmlRow } from './aml.repo.ts';
import { coveredAnswers, matchKind, pepOf, needsReview, newMatches, reasonCodes, reviewProblems, type AmlData, type AmlReview, type ReportMatch } from './domain/report.ts';

export const AML_CHECK_JOB = 'aml-check';
export const AML_RETRY_LIMIT = 2;
const notFound = () => new AppError('not_found', 'Resource not found');

export interface AmlDeps {
  db: Db;
  cipher: Cipher;
  /** Results and reviews are sealed under the contact's data key (ADR 75). */
  keys: DataKeys;
  events: EventRecorder;
  audit: AuditService;
  jobs: Jobs;
  accounts: AccountsService;
  credits: CreditsService;
  eidv: EidvService;
  screening: ScreeningService;
  /** Resolves when the configured lists have been loaded (or failed to). */
  screeningReady: Promise<unknown>;
  /** How long a check waits for a first list before it ends in ERROR (SCREENING_LISTS_WAIT_SECONDS); default 900. */
  listsWaitSeconds?: number;
  publicUrl: string;
  now: () => Date;
}

export interface CheckJob {
  clientId: string;
  accountId: string;
  contactId: string;
  runId: string;
}

/**
 * The AML report (endpoints 7 and 8): a trigger spends a credit and queues the check; the check asks the
 * identity sources and screens the person against the loaded lists; a reviewer records a decision; results
 * refresh before they expire and are re-screened when a list changes.
 */
export function createAmlService(deps: AmlDeps) {
  const { db, events, keys } = deps;
  const aad = (row: { contact_id: string }, part: string) => `aml:${part}:${row.contact_id}`;
  // `sql` is the caller's transaction, if any: a key not yet cached is read through it.
  const seal = async (sql: Sql, contactId: string, part: string, value: unknown) =>
    (await keys.cipherFor(sql, contactId)).encryptJson(value, aad({ contact_id: contactId }, part));
  const openData = async (sql: Sql, row: AmlRow) =>
    (row.data_enc ? (await keys.cipherFor(sql, row.contact_id)).decryptJson<AmlData>(toBuffer(row.data_enc), aad(row, 'data')) : null);
  const openReview = async (sql: Sql, row: AmlRow): Promise<AmlReview> =>
    (row.review_enc ? (await keys.cipherFor(sql, row.contact_id)).decryptJson<AmlReview>(toBuffer(row.review_enc), aad(row, 'review')) : { empty: true });

  const event = (tx: Sql, row: AmlRow, name: Parameters<EventRecorder['record']>[1]['event']) =>
    events.record(tx, {
      clientId: row.client_id, event: name, entity: 'CONTACT', reportType: 'AML', accountId: row.account_id, contactId: row.contact_id,
      reportId: `${row.account_id}--${row.contact_id}`, revision: String(row.revision),
    });

  async function reportOut(sql: Sql, row: AmlRow): Promise<AmlReportOut> {
    const data = await openData(sql, row);
    const review = await openReview(sql, row);
    return {
      id: `${row.account_id}--${row.contact_id}`, account_id: row.account_id, client_id: row.client_id, contact_id: row.contact_id, type: 'AML',
      status: row.status, revision: String(row.revision),
      config: { ttl_in_days: row.ttl_in_days, is_automatic_refresh_enabled: row.auto_refresh },
      data: {
        decision: row.decision, pep_matches: row.pep_matches, sanctions_matches: row.sanctions_matches,
        last_decision_date: row.last_decision_at ? isoDate(row.last_decision_at) : null,
        report_link: `${deps.publicUrl}/console/accounts/${row.account_id}/contacts/${row.contact_id}/aml`,
        refreshed_at: row.refreshed_at ? isoDate(row.refreshed_at) : null,
        requested_at: row.requested_at.toISOString(),
        expires_at: row.expires_at?.toISOString() ?? null,
        reasons: data?.reasons ?? [],
        identity: data?.identity ?? null,
        matches: data?.matches ?? [],
        error: row.error,
      },
      review: review as AmlReportOut['review'],
    };
  }

  async function isSandbox(sql: Sql, clientId: string): Promise<boolean> {
    return (await one<{ sandbox: boolean }>(sql, 'SELECT sandbox FROM clients WHERE id = $1', [clientId]))?.sandbox ?? false;
  }

  /** Starts a check: spends the credit and queues the job in one transaction with the report row and its events. */
  async function startRun(tx: Sql, clientId: string, accountId: string, contactId: string, config: { ttl: number; autoRefresh: boolean }, reason: string): Promise<AmlRow> {
    const runId = newId('run');
    const spend = await deps.credits.spend(tx, clientId, PRICES.AML, reason, `aml:${runId}`);
    const exceeded = spend.spent === false && spend.reason === 'insufficient';
    const row = await amlRepo.startRun(tx, clientId, {
      accountId, contactId, runId, status: exceeded ? 'CREDIT_BALANCE_EXCEEDED' : 'INITIAL', ttl: config.ttl, autoRefresh: config.autoRefresh,
      requestedAt: deps.now(), error: exceeded ? `credit balance ${spend.balance} is below the price of an AML check (${PRICES.AML})` : null,
    });
    await event(tx, row, 'REPORT_INITIATED');
    if (exceeded) await event(tx, row, 'REPORT_CREDIT_LIMIT_EXCEEDED');
    else await deps.jobs.send(AML_CHECK_JOB, { clientId, accountId, contactId, runId } satisfies CheckJob, { tx, singletonKey: runId });
    return row;
  }

  function person(contact: ContactOut): PersonQuery {
    const a = contact.primary_address;
    return {
      first_name: contact.first_name, middle_name: contact.middle_name, last_name: contact.last_name, date_of_birth: contact.date_of_birth,
      address: { street: a.street, postcode: a.postcode, city: a.city, country_code: a.country_code },
    };
  }

  function queryOf(contact: ContactOut) {
    const name = [contact.first_name, contact.middle_name, contact.last_name].filter(Boolean).join(' ');
    return { name, dob: contact.date_of_birth || undefined, country: contact.primary_address.country_code || undefined, type: 'person' as const };
  }

  function screen(contact: ContactOut): ScreeningResult {
    return deps.screening.screen(queryOf(contact));
  }

  function reportMatches(result: ScreeningResult, previous: ReportMatch[] = []): ReportMatch[] {
    const reviewed = new Map(previous.map((m) => [m.entity_id, m.review_status]));
    return result.matches.map((m) => ({
      kind: matchKind(m.topics), list: m.list, entity_id: m.entityId, source_id: m.sourceId, listed_name: m.listedName, matched_name: m.matchedName,
      score: Math.round(m.score * 1000) / 1000, topics: m.topics, programs: m.programs, source_url: m.sourceUrl ?? null, reasons: m.reasons,
      review_status: reviewed.get(m.entityId) ?? 'PENDING',
      ...pepOf(m),
    }));
  }

  async function finishWithError(job: CheckJob, message: string) {
    await db.tx(async (tx) => {
      const row = await amlRepo.finishRun(tx, job.contactId, job.runId, {
        status: 'ERROR', decision: null, pep: null, sanctions: null, matchIds: [], dataEnc: null, reviewEnc: null, needsReview: false,
        error: message, decidedAt: null, expiresAt: null,
      });
      if (row) await event(tx, row, 'REPORT_ERROR');
    });
  }

  /**
   * No list loaded yet (a fresh install still downloading, or every download failing): the check is put back
   * in the queue until SCREENING_LISTS_WAIT_SECONDS after it was requested, then ends in ERROR with
   * SCREENING_LISTS_UNAVAILABLE. It never answers "No Match" against nothing (ADR 0099). True when handled.
   */
  async function waitingForLists(job: CheckJob, current: AmlRow): Promise<boolean> {
    const waitMs = (deps.listsWaitSeconds ?? 900) * 1000;
    const requested = current.requested_at.getTime();
    const waited = deps.now().getTime() - requested;
    // A load in progress usually finishes in seconds: wait in place a little (up to 5 s) before re-queueing.
    const inPlaceUntil = Date.now() + Math.min(5_000, Math.max(0, waitMs - waited));
    while (!deps.screening.isLoaded() && Date.now() < inPlaceUntil) {
      await Promise.race([deps.screeningReady, new Promise((r) => setTimeout(r, 250))]);
      if (!deps.screening.isLoaded()) await new Promise((r) => setTimeout(r, 250));
    }
    if (deps.screening.isLoaded()) return false;
    const left = waitMs - (deps.now().getTime() - requested);
    if (left > 0) {
      const delaySeconds = Math.max(1, Math.min(10, Math.ceil(left / 1000)));
      await deps.jobs.send(AML_CHECK_JOB, job, { startAfter: delaySeconds, singletonKey: `${job.runId}:lists:${Math.floor(waited / 1000)}` });
      return true;
    }
    await finishWithError(job, `SCREENING_LISTS_UNAVAILABLE: no sanctions or PEP list has loaded within ${Math.round(waitMs / 1000)} s of the request; the check cannot say "No Match" against nothing. See GET /clients/{clientId}/screening/lists for the download sources' last errors`);
    return true;
  }

  return {
    reportOut,

    async trigger(clientId: string, accountId: string, contactId: string, body: AmlTrigger): Promise<AmlReportOut> {
      const contact = await deps.accounts.readContact(db, clientId, accountId, contactId);
      if (!contact) throw notFound();
      const missing = missingForAml(contact);
      if (missing.length) {
        throw new AppError('unprocessable', `An AML check needs the contact's full name, date of birth and address; missing: ${missing.join(', ')}`, {
          errors: missing.map((m) => ({ pointer: `/contact/${m.replace('.', '/')}`, message: 'is required for an AML check' })),
          missing_fields: missing,
        });
      }
      const row = await db.tx((tx) =>
        startRun(tx, clientId, accountId, contactId, { ttl: body.config.ttl_in_days ?? 365, autoRefresh: body.config.is_automatic_refresh_enabled ?? false }, 'AML check'),
      );
      return reportOut(db, row);
    },

    async get(clientId: string, accountId: string, contactId: string): Promise<AmlReportOut> {
      const row = await amlRepo.get(db, clientId, accountId, contactId);
      if (!row) throw notFound();
      return reportOut(db, row);
    },

    /**
     * The check's job failed or timed out on every attempt (pg-boss moved it to the dead-letter queue): the report
     * ends in ERROR with REPORT_ERROR, so the caller learns of it and can trigger again. A run that finished
     * meanwhile is left as it is.
     */
    async abandonCheck(job: CheckJob) {
      await finishWithError(job, `CHECK_NOT_COMPLETED: the check failed or its worker stopped on each of ${AML_RETRY_LIMIT + 1} attempts; trigger it again`);
    },

    /** The job: identity sources, screening, decision. Source failures are retried by the job system, then end in ERROR. */
    async runCheck(job: CheckJob, attempt: { retryCount: number }) {
      const current = await amlRepo.get(db, job.clientId, job.accountId, job.contactId);
      if (!current || current.run_id !== job.runId) return; // superseded or deleted
      // Already finished: the job runs again because its worker died before pg-boss recorded it done. Asking the
      // identity sources again would cost a second vendor call for nothing (amlRepo.finishRun would ignore it).
      if (current.status !== 'INITIAL') return;
      const contact = await deps.accounts.readContact(db, job.clientId, job.accountId, job.contactId);
      if (!contact) return;
      if (await waitingForLists(job, current)) return;
      const today = isoDate(deps.now());
      let identity;
      try {
        identity = await deps.eidv.verify(person(contact), { clientId: job.clientId, contactId: job.contactId, sandbox: await isSandbox(db, job.clientId), today });
      } catch (error) {
        if (!(error instanceof SourceUnavailableError)) throw error;
        if (attempt.retryCount < AML_RETRY_LIMIT) throw error; // the job system retries with backoff
        await finishWithError(job, `IDENTITY_SOURCE_UNAVAILABLE: ${error.message}`);
        return;
      }
      const screening = screen(contact);
      const answers = coveredAnswers(screening, deps.screening.coverage());
      const data: AmlData = {
        decision: identity.decision, pep_matches: answers.pep, sanctions_matches: answers.sanctions,
        reasons: reasonCodes(identity.reasons, answers.pep, answers.sanctions),
        identity: {
          sources: identity.sources.map((s) => ({ source: s.source, kind: s.kind, name_dob: s.nameDob, name_address: s.nameAddress, deceased: s.deceased, reasons: s.reasons })),
          confirmed_name_dob: identity.confirmedNameDob, confirmed_name_address: identity.confirmedNameAddress,
        },
        matches: reportMatches(screening), screened_lists: screening.lists, threshold: screening.threshold,
      };
      const decidedAt = deps.now();
      const review = needsReview(data);
      await db.tx(async (tx) => {
        const row = await amlRepo.finishRun(tx, job.contactId, job.runId, {
          status: 'READY', decision: data.decision, pep: data.pep_matches, sanctions: data.sanctions_matches, matchIds: data.matches.map((m) => m.entity_id),
          dataEnc: await seal(tx, job.contactId, 'data', data), reviewEnc: await seal(tx, job.contactId, 'review', { empty: true }), needsReview: review, error: null,
          decidedAt, expiresAt: new Date(decidedAt.getTime() + current.ttl_in_days * 86_400_000),
        });
        if (!row) return;
        await event(tx, row, 'REPORT_READY');
        if (review) await event(tx, row, 'REPORT_IN_REVIEW');
      });
    },

    async review(clientId: string, accountId: string, contactId: string, input: AmlReviewInput, reviewer: string): Promise<AmlReportOut> {
      return db.tx(async (tx) => {
        const row = await amlRepo.get(tx, clientId, accountId, contactId, true);
        if (!row) throw notFound();
        const data = await openData(tx, row);
        if (row.status !== 'READY' || !data) throw new AppError('unprocessable', 'Only a READY report can be reviewed');
        const pep = input.pep_matches ?? (data.pep_matches === 'No Match' ? 'NO_MATCH' : undefined);
        const sanctions = input.sanctions_matches ?? (data.sanctions_matches === 'No Match' ? 'NO_MATCH' : undefined);
        const missing = [...(pep ? [] : ['pep_matches']), ...(sanctions ? [] : ['sanctions_matches'])];
        if (missing.length) {
          throw new AppError('validation_failed', 'The report has potential matches: say whether they are dismissed or confirmed', {
            errors: missing.map((m) => ({ pointer: `/${m}`, message: 'is required: the report has potential matches of this kind' })),
          });
        }
        const problems = reviewProblems(data, { pep_matches: pep!, sanctions_matches: sanctions!, matches: input.matches ?? [] });
        if (problems.length) throw new AppError('unprocessable', problems.join('; '));
        const statuses = new Map((input.matches ?? []).map((m) => [m.entity_id, m.status]));
        const reviewedData: AmlData = {
          ...data,
          matches: data.matches.map((m) => ({
            ...m,
            review_status: statuses.get(m.entity_id) ?? (m.kind === 'PEP' && pep !== 'NO_MATCH' ? pep! : m.kind === 'SANCTIONS' && sanctions !== 'NO_MATCH' ? sanctions! : m.review_status) as ReportMatch['review_status'],
          })),
        };
        const review: AmlReview = {
          empty: false, status: 'COMPLETE', decision: input.decision, pep_matches: pep, sanctions_matches: sanctions, notes: input.notes ?? '',
          reviewed_by: reviewer, reviewed_at: deps.now().toISOString(),
        };
        const saved = (await amlRepo.saveReview(tx, clientId, contactId, await seal(tx, contactId, 'review', review), await seal(tx, contactId, 'data', reviewedData)))!;
        // The decision and who made it are in the audit trail, committed with the review itself.
        await deps.audit.recordIn(tx, {
          client_id: clientId, actor: reviewer, action: 'aml.review', subject: `${accountId}/${contactId}`,
          details: { decision: input.decision, pep_matches: pep, sanctions_matches: sanctions, matches: (input.matches ?? []).map((m) => ({ entity_id: m.entity_id, status: m.status })), revision: saved.revision },
        });
        await event(tx, saved, 'REPORT_REVIEW_COMPLETED');
        return reportOut(tx, saved);
      });
    },

    /** The refresh job: re-runs checks that asked for automatic refresh before they expire. */
    async refreshDue(limit = 500): Promise<number> {
      const due = await amlRepo.dueForRefresh(db, deps.now(), limit);
      for (const row of due) {
        await db.tx((tx) => startRun(tx, row.client_id, row.account_id, row.contact_id, { ttl: row.ttl_in_days, autoRefresh: true }, 'AML automatic refresh'));
      }
      return due.length;
    },

    /**
     * Ongoing monitoring: screen every contact with an active report against the lists as loaded now; a contact
     * with a match it did not have before gets a new revision, back in review, and REPORT_IN_REVIEW.
     */
    async rescreenAll(options: { pageSize?: number; onlyEntities?: string[] } = {}): Promise<{ screened: number; changed: number }> {
      // When the update names its new and changed entries, a small matcher over just those finds the contacts
      // worth a full screening; everyone else cannot have gained a match from this update.
      const changedEntities = options.onlyEntities?.map((id) => deps.screening.entity(id)).filter((e): e is ListedEntity => e !== undefined);
      const probe = changedEntities ? new Matcher(changedEntities, { ...DEFAULT_OPTIONS, threshold: deps.screening.threshold }) : undefined;
      if (probe && changedEntities!.length === 0) return { screened: 0, changed: 0 };
      let after = '';
      let screened = 0;
      let changed = 0;
      for (;;) {
        const page = await amlRepo.activePage(db, after, options.pageSize ?? 1000, deps.now());
        if (page.length === 0) break;
        after = page[page.length - 1]!.contact_id;
        const contacts = await deps.accounts.readContacts(db, page.map((r) => ({ clientId: r.client_id, contactId: r.contact_id })));
        for (const row of page) {
          const contact = contacts.get(row.contact_id);
          if (!contact) continue;
          screened++;
          if (probe && probe.screen(queryOf(contact)).length === 0) continue;
          const result = screen(contact);
          const added = newMatches(row.match_ids, result.matches.map((m) => m.entityId));
          if (added.length === 0) continue;
          const data = (await openData(db, row))!;
          const answers = coveredAnswers(result, deps.screening.coverage());
          const updated: AmlData = {
            ...data, pep_matches: answers.pep, sanctions_matches: answers.sanctions, matches: reportMatches(result, data.matches),
            reasons: [...reasonCodes(data.reasons.filter((r) => !/_(POTENTIAL_MATCH|NOT_SCREENED)$/.test(r)), answers.pep, answers.sanctions), 'NEW_MATCH_AFTER_LIST_UPDATE'],
            screened_lists: result.lists,
          };
          await db.tx(async (tx) => {
            const saved = await amlRepo.saveRescreen(tx, row.contact_id, row.revision, {
              pep: answers.pep, sanctions: answers.sanctions, matchIds: result.matches.map((m) => m.entityId),
              dataEnc: await seal(tx, row.contact_id, 'data', updated), reviewEnc: await seal(tx, row.contact_id, 'review', { empty: true }),
            });
            if (!saved) return; // changed meanwhile; the next run sees it
            changed++;
            await event(tx, saved, 'REPORT_IN_REVIEW');
          });
        }
      }
      return { screened, changed };
    },
  };
}

export type AmlService = ReturnType<typeof createAmlService>;
