import type { Db, Sql } from '../../platform/db/db.ts';
import { one, toBuffer } from '../../platform/db/db.ts';
import type { Cipher } from '../../platform/crypto/encryption.ts';
import type { DataKeys } from '../../platform/crypto/data-keys.ts';
import { newId } from '../../platform/crypto/ids.ts';
import { isoDate } from '../../platform/domain/dates.ts';
import type { EventRecorder } from '../../platform/events.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { AuditService } from '../audit/index.ts';
import { missingForAml, type AccountsService, type ContactOut } from '../accounts/index.ts';
import { PRICES, type CreditsService } from '../credits/index.ts';
import { SourceUnavailableError, type EidvService, type PersonQuery, type VerifiedDocument } from '../eidv/index.ts';
import { bestPerEntity, covered, decide, DEFAULT_OPTIONS, hashEntity, Matcher, mrzNationality, type ListedEntity, type ScreenedMatch, type ScreeningQuery, type ScreeningResult, type ScreeningService } from '../screening/index.ts';
import type { AmlReportOut, AmlReviewInput, AmlTrigger } from './aml.schemas.ts';
import { amlRepo, type AmlRow } from './aml.repo.ts';
import { newMatches, pepOf, reviewProblems, type AmlData, type AmlReview, type ReportMatch } from './domain/report.ts';
import { decideAfterRescreen, decideAml, kindAnswers, matchKind, needsReview } from './domain/decision.ts';
import { applyMemory, decidedByReview, memoryReviewProblems, newChanges, withDecisions, type RememberedReview } from './domain/memory.ts';
import { namesToScreen, type GivenName, type OtherNames } from './domain/names.ts';
import { createMatchMemory } from './match-memory.ts';
import { clientReads } from '../auth/index.ts';

export const AML_CHECK_JOB = 'aml-check';
export const AML_RETRY_LIMIT = 2;

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
  /** The names each contact gave in onboarding (previous legal names, names on documents): all are screened. */
  otherNames: OtherNamesSource;
}

/** The other names some contacts of one client gave (the onboarding module reads them), by contact id. */
export type OtherNamesSource = (clientId: string, contactIds: readonly string[]) => Promise<Map<string, OtherNames>>;

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
  const memory = createMatchMemory({ keys });
  const { otherNames } = deps;
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

  const isSandbox = clientReads.isSandbox;

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

  /**
   * The screening query: the address country is where the person lives (residence), never a nationality;
   * nationality and gender come only from the contact's PASSED identity document (MRZ, or the chip's DG1).
   */
  function queryOf(contact: ContactOut, document?: VerifiedDocument): ScreeningQuery {
    const name = [contact.first_name, contact.middle_name, contact.last_name].filter(Boolean).join(' ');
    const nationality = mrzNationality(document?.nationality);
    const gender = document?.sex === 'M' ? 'male' : document?.sex === 'F' ? 'female' : undefined;
    return {
      name, dob: contact.date_of_birth || undefined, country: contact.primary_address.country_code || undefined, type: 'person',
      ...(nationality ? { nationality } : {}), ...(gender ? { gender } : {}),
    };
  }

  /** The listed entity's content hash in the lists loaded now; undefined when it is not in them (delisted). */
  function hashOf(entityId: string): string | undefined {
    const entity = deps.screening.entity(entityId);
    return entity ? hashEntity(entity) : undefined;
  }

  type NamedResult = Omit<ScreeningResult, 'matches'> & { matches: Array<ScreenedMatch & { screenedName: GivenName }> };

  /** Every name the contact gave is screened; each entity is kept once, with the name that matched it best. */
  async function screen(clientId: string, contact: ContactOut, other?: OtherNames): Promise<NamedResult> {
    const query = queryOf(contact, await deps.eidv.verifiedDocument(clientId, contact.id));
    const perName = namesToScreen(query.name, other).map((name) => ({ name, result: deps.screening.screen({ ...query, name: name.name }) }));
    const matches = bestPerEntity(perName.map((p) => ({ name: p.name, matches: p.result.matches })));
    return { ...perName[0]!.result, ...decide(matches), matches };
  }

  /** The screening's matches as the report shows them, with the remembered reviews applied (review memory). */
  function reportMatches(result: NamedResult, remembered: readonly RememberedReview[]): ReportMatch[] {
    const matches = result.matches.map((m): ReportMatch => ({
      kind: matchKind(m.topics), list: m.list, entity_id: m.entityId, source_id: m.sourceId, listed_name: m.listedName, matched_name: m.matchedName,
      score: Math.round(m.score * 1000) / 1000, topics: m.topics, programs: m.programs, source_url: m.sourceUrl ?? null, reasons: m.reasons,
      review_status: 'PENDING', entity_hash: hashOf(m.entityId), listed: true, screened_name: m.screenedName,
      ...pepOf(m),
    }));
    return applyMemory(matches, remembered, hashOf);
  }

  /** For a page of reports (any clients): each contact's other names and remembered reviews, read per client. */
  async function pageContext(page: readonly AmlRow[]) {
    const byClient = new Map<string, string[]>();
    for (const r of page) byClient.set(r.client_id, [...(byClient.get(r.client_id) ?? []), r.contact_id]);
    const names = new Map<string, OtherNames>();
    const remembered = new Map<string, RememberedReview[]>();
    for (const [clientId, contactIds] of byClient) {
      for (const [id, n] of await otherNames(clientId, contactIds)) names.set(id, n);
      for (const [id, m] of await memory.load(db, clientId, contactIds)) remembered.set(id, m);
    }
    return { names, remembered };
  }

  async function finishWithError(job: CheckJob, message: string) {
    await db.tx(async (tx) => {
      const row = await amlRepo.finishRun(tx, job.clientId, job.contactId, job.runId, {
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
  async function waitingForLists(job: CheckJob, current: AmlRow, expiresAt: number): Promise<boolean> {
    const waitMs = (deps.listsWaitSeconds ?? 900) * 1000;
    const requested = current.requested_at.getTime();
    const waited = deps.now().getTime() - requested;
    // A load in progress usually finishes in seconds: wait in place a little (up to 5 s) before re-queueing, and
    // never past half the time left before the job's expiry: a job still waiting then would be presumed lost and
    // run again, spending one of its attempts on the wait (a worker that has just started, its lists loading).
    const inPlaceUntil = Date.now() + Math.min(5_000, Math.max(0, waitMs - waited), Math.max(0, (expiresAt - Date.now()) / 2));
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
    /** `attempt.expiresAt`: when the job system presumes this run lost (epoch ms); without it, no bound. */
    async runCheck(job: CheckJob, attempt: { retryCount: number; expiresAt?: number }) {
      const current = await amlRepo.get(db, job.clientId, job.accountId, job.contactId);
      if (!current || current.run_id !== job.runId) return; // superseded or deleted
      // Already finished: the job runs again because its worker died before pg-boss recorded it done. Asking the
      // identity sources again would cost a second vendor call for nothing (amlRepo.finishRun would ignore it).
      if (current.status !== 'INITIAL') return;
      const contact = await deps.accounts.readContact(db, job.clientId, job.accountId, job.contactId);
      if (!contact) return;
      if (await waitingForLists(job, current, attempt.expiresAt ?? Infinity)) return;
      const today = isoDate(deps.now());
      // Screening first: its answers are part of GPG 45's identity fraud score.
      const screening = await screen(job.clientId, contact, (await otherNames(job.clientId, [job.contactId])).get(job.contactId));
      // A refresh or a new trigger carries each remembered review over; a changed or delisted entity reopens it.
      const matches = reportMatches(screening, (await memory.load(db, job.clientId, [job.contactId])).get(job.contactId) ?? []);
      const answers = covered(kindAnswers(matches), deps.screening.coverage());
      let identity;
      try {
        identity = await deps.eidv.verify(person(contact), {
          clientId: job.clientId, contactId: job.contactId, sandbox: await isSandbox(db, job.clientId), today,
          screening: answers, requiredConfidence: await clientReads.requiredConfidence(db, job.clientId),
        });
      } catch (error) {
        if (!(error instanceof SourceUnavailableError)) throw error;
        if (attempt.retryCount < AML_RETRY_LIMIT) throw error; // the job system retries with backoff
        await finishWithError(job, `IDENTITY_SOURCE_UNAVAILABLE: ${error.message}`);
        return;
      }
      const data: AmlData = {
        ...decideAml({ identity, answers, matches }),
        identity: {
          sources: identity.sources.map((s) => ({
            source: s.source, kind: s.kind, name_dob: s.nameDob, name_address: s.nameAddress, deceased: s.deceased, reasons: s.reasons,
            ...(s.knownFraud !== undefined ? { known_fraud: s.knownFraud } : {}), ...(s.activityMonths != null ? { activity_months: s.activityMonths } : {}),
            ...(s.selfDeclared ? { self_declared: true } : {}),
          })),
          confirmed_name_dob: identity.confirmedNameDob, confirmed_name_address: identity.confirmedNameAddress,
          gpg45: identity.gpg45, ...(identity.postcode ? { postcode: identity.postcode } : {}),
        },
        matches, screened_lists: screening.lists, threshold: screening.threshold,
      };
      const decidedAt = deps.now();
      const review = needsReview(data);
      // Nothing new for a person: the last review still stands and stays on the report.
      const previousReview = review ? { empty: true } : await openReview(db, current);
      await db.tx(async (tx) => {
        const row = await amlRepo.finishRun(tx, job.clientId, job.contactId, job.runId, {
          status: 'READY', decision: data.decision, pep: data.pep_matches, sanctions: data.sanctions_matches, matchIds: data.matches.map((m) => m.entity_id),
          dataEnc: await seal(tx, job.contactId, 'data', data), reviewEnc: await seal(tx, job.contactId, 'review', previousReview), needsReview: review, error: null,
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
        const decided = decidedByReview(data.matches, { pep: pep!, sanctions: sanctions!, matches: input.matches ?? [] });
        const remembered = memoryReviewProblems(data.matches, decided, input.matches ?? []);
        const problems = [...remembered.problems, ...reviewProblems(data, { pep_matches: pep!, sanctions_matches: sanctions!, matches: remembered.standing })];
        if (problems.length) throw new AppError('unprocessable', problems.join('; '));
        const reviewedAt = deps.now();
        const reviewedData: AmlData = { ...data, matches: withDecisions(data.matches, decided, { reviewer, at: reviewedAt.toISOString(), notes: input.notes ?? '' }) };
        const review: AmlReview = {
          empty: false, status: 'COMPLETE', decision: input.decision, pep_matches: pep, sanctions_matches: sanctions, notes: input.notes ?? '',
          reviewed_by: reviewer, reviewed_at: reviewedAt.toISOString(),
        };
        // Review memory: each decided match is remembered for this contact and entity, with the entity's hash as reviewed.
        await memory.remember(tx, clientId, contactId, data.matches.filter((m) => decided.has(m.entity_id)).map((m) => ({ match: m, status: decided.get(m.entity_id)!.status, notes: decided.get(m.entity_id)!.notes ?? input.notes ?? '' })),
          { reviewer, at: reviewedAt, hashOf });
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
     * Ongoing monitoring: screen every contact with an active report against the lists as loaded now. A contact
     * with a match nobody has reviewed and it did not have before, or whose remembered review no longer holds (the
     * entity changed, or a confirmed one was delisted), gets a new revision, back in review, and REPORT_IN_REVIEW.
     * `onlyEntities` (added or changed) and `removedEntities` name what a list update touched: only contacts these
     * can concern are screened in full.
     */
    async rescreenAll(options: { pageSize?: number; onlyEntities?: string[]; removedEntities?: string[] } = {}): Promise<{ screened: number; changed: number }> {
      // When the update names its new and changed entries, a small matcher over just those finds the contacts
      // worth a full screening; everyone else cannot have gained a match from this update.
      const changedEntities = options.onlyEntities?.map((id) => deps.screening.entity(id)).filter((e): e is ListedEntity => e !== undefined);
      const probe = changedEntities?.length ? new Matcher(changedEntities, { ...DEFAULT_OPTIONS, threshold: Math.min(...Object.values(deps.screening.thresholds)) }) : undefined;
      // A contact matched to (or with a review of) a changed or removed entry is screened in full whatever the probe says.
      const touched = options.onlyEntities ? new Set([...options.onlyEntities, ...(options.removedEntities ?? [])]) : undefined;
      if (touched?.size === 0) return { screened: 0, changed: 0 };
      let after = '';
      let screened = 0;
      let changed = 0;
      for (;;) {
        const page = await amlRepo.activePage(db, after, options.pageSize ?? 1000, deps.now());
        if (page.length === 0) break;
        after = page[page.length - 1]!.contact_id;
        const contacts = await deps.accounts.readContacts(db, page.map((r) => ({ clientId: r.client_id, contactId: r.contact_id })));
        const { names, remembered } = await pageContext(page);
        for (const row of page) {
          const contact = contacts.get(row.contact_id);
          if (!contact) continue;
          screened++;
          const other = names.get(row.contact_id);
          const mem = remembered.get(row.contact_id) ?? [];
          // Without the date nothing is lowered, so the probe finds every contact the full screening could.
          if (touched) {
            const concerned = row.match_ids.some((id) => touched.has(id)) || mem.some((r) => touched.has(r.entityId))
              || (probe !== undefined && namesToScreen(queryOf(contact).name, other).some((n) => probe.screen({ ...queryOf(contact), name: n.name, dob: undefined }).length > 0));
            if (!concerned) continue;
          }
          const result = await screen(row.client_id, contact, other);
          const matches = reportMatches(result, mem);
          const data = (await openData(db, row))!;
          const added = newMatches(row.match_ids, matches.filter((m) => m.review_status === 'PENDING').map((m) => m.entity_id));
          const reopened = newChanges(data.matches, matches);
          if (added.length === 0 && reopened.length === 0) continue;
          const answers = covered(kindAnswers(matches), deps.screening.coverage());
          const updated: AmlData = {
            ...data, ...decideAfterRescreen({ previous: data, answers, matches, newMatch: added.length > 0 }), matches,
            screened_lists: result.lists,
          };
          await db.tx(async (tx) => {
            const saved = await amlRepo.saveRescreen(tx, row.client_id, row.contact_id, row.revision, {
              pep: answers.pep, sanctions: answers.sanctions, matchIds: matches.map((m) => m.entity_id),
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
