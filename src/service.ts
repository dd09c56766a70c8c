import { existsSync } from 'node:fs';
import { ConfigError, type Config } from './platform/config.ts';
import type { Db } from './platform/db/db.ts';
import { createPgliteDb } from './platform/db/pglite.ts';
import { createPostgresDb } from './platform/db/postgres.ts';
import { migrate } from './platform/db/migrate.ts';
import { createDataKeys, kekRing } from './platform/crypto/data-keys.ts';
import { loadKeys } from './platform/crypto/keys.ts';
import { createMetrics } from './platform/metrics.ts';
import { createApp } from './platform/http/app.ts';
import { installIdempotency, markingIdempotentCommits } from './platform/http/idempotency.ts';
import { createSharedRateLimit, pseudonymousAddresses } from './platform/http/rate-limit/shared-store.ts';
import { createLocalThrottle } from './platform/http/rate-limit/throttle.ts';
import { registerSystemRoutes } from './platform/http/system.routes.ts';
import { createClientsService, createTokenService, registerAuthRoutes } from './modules/auth/index.ts';
import { createAccountsService, registerAccountRoutes } from './modules/accounts/index.ts';
import { createEventsService, registerEventRoutes } from './modules/events/index.ts';
import { createHttpSender, createWebhookDispatcher, createWebhooksService, registerWebhookRoutes } from './modules/webhooks/index.ts';
import { createJobs } from './platform/jobs.ts';
import { createCreditsService, registerCreditRoutes } from './modules/credits/index.ts';
import { createScreeningService, dbVersionStore, parseListSpec, parseSourcesSetting, registerScreeningRoutes, retryUntilLoaded, sourceEntriesFromSettings } from './modules/screening/index.ts';
import { createEidvService, loadPostcodeDirectory, parseRegisterSpec, truliooProvider, type PostcodeDirectory } from './modules/eidv/index.ts';
import { createAmlService, defineAmlQueues, registerAmlRoutes } from './modules/aml/index.ts';
import { createAuditService } from './modules/audit/index.ts';
import { createSandboxEngines, registerSandboxRoutes } from './modules/sandbox/index.ts';
import { createDocumentFiles, createOnboarding, onboardingReads, registerOnboarding } from './modules/onboarding/index.ts';
import { createStaffService } from './modules/staff/index.ts';
import { createPartnersService } from './modules/partners/index.ts';
import { createSecondReview, registerConsole } from './modules/console/index.ts';
import { createPrivacy, createRetentionService, registerPrivacy } from './modules/privacy/index.ts';
import { companiesSource, createCheckStarter, createCompaniesService, defineCompanyQueues, registerCompanyRoutes } from './modules/companies/index.ts';
import { companyFormKind } from './modules/screening/index.ts';
import path from 'node:path';

export interface ServiceOptions {
  /** An open database (tests); otherwise one is opened from the configuration. */
  db?: Db;
  logger?: boolean;
  /** Where log lines go (tests read them); unset: standard output. */
  logStream?: { write(line: string): void };
  now?: () => Date;
}

/**
 * The files the settings name must exist before anything starts: a missing register or list is one line naming
 * the variable and the path looked for (a newcomer's `./roll.csv` used to end in a stack trace), not a service
 * that starts and then fails every check.
 */
export function checkConfiguredFiles(config: Config): void {
  const named: Array<[string, string[]]> = [
    ['EIDV_REGISTERS', config.eidvRegisters.map((entry) => parseRegisterSpec(entry).file)],
    ['SCREENING_LISTS', config.screeningLists.map((entry) => parseListSpec(entry).path)],
    ['KYC_CSCA_TRUST_DIR', config.chipTrustDir ? [config.chipTrustDir] : []],
    ['COMPANIES_HOUSE_BULK_FILES', config.companiesHouse.bulkFiles],
  ];
  for (const [variable, files] of named) {
    const missing = files.filter((file) => !existsSync(file));
    if (missing.length > 0) {
      throw new ConfigError(variable, `names ${missing.map((f) => `${f} (${path.resolve(f)})`).join(', ')}, which does not exist; synthetic samples are in examples/test-data/`);
    }
  }
}

export async function openDatabase(config: Config): Promise<Db> {
  return config.databaseUrl ? createPostgresDb(config.databaseUrl, { max: config.dbPoolSize, prepare: config.dbPreparedStatements }) : createPgliteDb(path.join(config.dataDir, 'pgdata'));
}

/**
 * The services every face of the product uses (HTTP API, CLI, workers), built once from the platform.
 * Keep this a flat list of create*() calls: what depends on what should be readable here. Every dependency is
 * passed at construction, so the order below is the dependency order: a module is built after everything it is
 * given (no setters; a missing dependency is a type error). Where a module needs a piece of one that depends on
 * it, that piece is built first on its own (retention before accounts; the onboarding repository's count) or the
 * later module is given the earlier one's function (eIDV and AML after onboarding).
 */
export async function buildServices(config: Config, db: Db, options: { now?: () => Date; worker?: boolean; fetchLists?: boolean } = {}) {
  const now = options.now ?? (() => new Date());
  const keys = await loadKeys(config);
  // ADR 75: per-owner data keys wrapped by a KEK derived from ENCRYPTION_KEY; `cipher` is the system key.
  const dataKeys = createDataKeys({ db, ring: kekRing(keys.dataKey, keys.previousDataKeys) });
  const cipher = await dataKeys.init(keys.dataKey);
  const metrics = createMetrics();
  const events = createEventsService({ db });
  const audit = createAuditService({ db, now });
  const tokens = createTokenService({ db, keys, issuer: config.publicUrl, ttlSeconds: config.accessTokenTtlSeconds, now: () => now().getTime() });
  const clients = createClientsService({ db });
  const credits = createCreditsService({ db });
  // Uploaded documents; retention deletes from it, so it comes before the modules.
  const files = createDocumentFiles({ config, db, keys: dataKeys });
  // What a DELETE keeps (ADR 76) is the privacy module's rule; accounts cannot delete without it.
  const retention = createRetentionService({ db, cipher, keys: dataKeys, files, audit, now });
  const jobs = createJobs({ db, worker: options.worker ?? false, maintenanceSeconds: config.jobsMaintenanceSeconds });
  // Company checks (KYB): the Companies House API or the imported bulk products; a COMPANY account is checked
  // when it is created, so the piece that starts a check comes before accounts.
  const companySource = companiesSource(config.companiesHouse, db);
  defineCompanyQueues(jobs);
  const companyChecks = createCheckStarter({ events, jobs, now, configured: companySource !== undefined });
  const accounts = createAccountsService({
    db, cipher, keys: dataKeys, events, publicUrl: config.publicUrl, now,
    relationshipEnd: retention.endRelationship, outstandingRequests: onboardingReads.outstandingRequests, accountCreated: companyChecks.onAccountCreated,
    companyDetailsChanged: companyChecks.onCompanyDetailsChanged,
  });
  const sender = createHttpSender({ timeoutMs: config.webhookTimeoutMs, allowPrivate: config.webhookAllowPrivate });
  const dispatcher = createWebhookDispatcher({
    db, cipher, sender, schedule: config.webhookRetrySchedule, timeoutMs: config.webhookTimeoutMs, metrics,
    // New events wake the dispatcher in process; the poll finds due retries (and, on PostgreSQL, other processes' events).
    pollMs: db.kind === 'pglite' ? 500 : 100,
    coalesceMs: db.kind === 'pglite' ? 20 : 0,
    log: (message, error) => process.stderr.write(`${message}: ${(error as Error)?.message ?? ''}\n`),
  });
  events.onRecorded(dispatcher.kick);
  const webhooks = createWebhooksService({ db, cipher, sender, allowPrivate: config.webhookAllowPrivate, onRedeliver: dispatcher.kick });
  // Each list load is a version kept in the database, so diffs (ongoing monitoring) survive restarts.
  // Downloads (ADR 0099): the official free sources by default, SCREENING_SOURCES to choose, `none` or
  // SCREENING_LISTS alone for air-gapped installs; fetched once at start-up and by the screening-refresh job.
  const screeningSources = parseSourcesSetting(sourceEntriesFromSettings({ sources: config.screeningSources.join(','), lists: config.screeningLists.join(',') }));
  const screening = createScreeningService({
    lists: config.screeningLists, now, store: dbVersionStore(db), maxListAgeHours: config.screeningMaxListAgeHours, pepDomesticCountry: config.pepDomesticCountry,
    ...(screeningSources.length ? { sources: { sources: screeningSources, dir: config.screeningSourcesDir } } : {}),
  });
  // Lists load in the background: the API answers at once; checks wait (bounded) for this before screening.
  // A one-off CLI operation reads what is already downloaded instead of fetching (`fetchLists: false`).
  const fetchAtStart = screeningSources.length > 0 && options.fetchLists !== false;
  const screeningReady = config.screeningLists.length || screeningSources.length
    ? (fetchAtStart ? screening.refresh() : screening.load()).catch((error: Error) => process.stderr.write(`screening lists failed to load: ${error.message}\n`))
    : Promise.resolve();
  const listRetry = fetchAtStart ? retryUntilLoaded(screening, screeningReady, { onError: (error) => process.stderr.write(`screening lists failed to load: ${error.message}\n`) }) : undefined;
  const sandbox = createSandboxEngines({ minimumAge: config.minimumAge, now });
  const onboarding = createOnboarding({ config, db, cipher, keys: dataKeys, events, jobs, accounts, credits, files, sandbox, audit, now });
  // The ONS Postcode Directory, when the operator gives it: loaded in the background (2.7 million rows); until then,
  // and without it, postcodes are checked by format only.
  let postcodes: PostcodeDirectory | undefined;
  if (config.eidvPostcodeDirectory) {
    loadPostcodeDirectory(config.eidvPostcodeDirectory).then((d) => { postcodes = d; })
      .catch((error: Error) => process.stderr.write(`EIDV_POSTCODE_DIRECTORY failed to load: ${error.message}\n`));
  }
  const companies = createCompaniesService({
    db, keys: dataKeys, events, starter: companyChecks, accounts, source: companySource, screening, formKind: companyFormKind, pscDepth: config.companiesHouse.pscDepth, now,
  });
  // The verified-document source: a contact's PASSED document from onboarding; GPG 45 reads what onboarding checked;
  // Companies House: what the register says of a contact who is an officer or PSC of the account's company (ADR 0150).
  const eidv = (() => {
    try {
      return createEidvService({
        registers: config.eidvRegisters, minimumAge: config.minimumAge,
        verifiedDocument: (clientId, contactId) => onboarding.onboarding.verifiedDocument(clientId, contactId),
        companiesHouse: (clientId, contactId) => companies.identityOf(clientId, contactId),
        contactEvidence: (clientId, contactId) => onboarding.onboarding.identityEvidence(clientId, contactId),
        providers: config.eidvTrulioo ? [truliooProvider(config.eidvTrulioo)] : [],
        postcodes: () => postcodes,
      });
    } catch (error) {
      throw new ConfigError('EIDV_REGISTERS', `cannot be read: ${(error as Error).message}`);
    }
  })();
  defineAmlQueues(jobs, { checkTimeoutSeconds: config.amlCheckTimeoutSeconds });
  const aml = createAmlService({
    db, cipher, keys: dataKeys, events, audit, jobs, accounts, credits, eidv, screening, screeningReady, listsWaitSeconds: config.screeningListsWaitSeconds, publicUrl: config.publicUrl, now,
    // Every name a contact gave in onboarding (previous legal names, names on documents) is screened by the AML check.
    otherNames: (clientId, contactIds) => onboarding.onboarding.otherNames(clientId, contactIds),
  });
  const staff = createStaffService({ db, cipher, audit, publicUrl: config.publicUrl, now });
  const partners = createPartnersService({ db });
  const privacy = createPrivacy({ db, cipher, keys: dataKeys, files, accounts, retention, jobs, now });
  return { config, db, keys, dataKeys, cipher, metrics, events, audit, tokens, clients, credits, files, accounts, jobs, sender, dispatcher, webhooks, screening, screeningReady, listRetry, eidv, aml, onboarding, companies, staff, partners, privacy, now };
}

export type Services = Awaited<ReturnType<typeof buildServices>>;

/** The HTTP service over an opened, migrated database. */
export async function createService(config: Config, options: ServiceOptions = {}) {
  // Transactions run for a request with an Idempotency-Key mark the key before they commit (idempotency.ts).
  checkConfiguredFiles(config);
  const opened = options.db ?? (await openDatabase(config));
  await migrate(opened);
  const db = markingIdempotentCommits(opened);
  const services = await buildServices(config, db, { now: options.now, worker: config.workers });
  // The job tables and queues exist before the first request: a job sent inside a transaction must not start
  // pg-boss there (on the embedded database that would wait for the connection the transaction holds).
  await services.jobs.start();
  let ready = true;
  // Several API processes share PostgreSQL, and so the rate limit; the embedded database has one process.
  const sharedRateLimit = db.kind === 'postgres' && config.rateLimitShared
    ? createSharedRateLimit({
      db, syncMs: config.rateLimitSyncMs, storedKey: pseudonymousAddresses(services.cipher.deriveKey('rate-limit-addresses')),
      log: (message, error) => process.stderr.write(`${message}: ${(error as Error)?.message ?? ''}\n`),
    })
    : undefined;
  const app = await createApp({
    config, metrics: services.metrics, authenticate: services.tokens.authenticate, logger: options.logger, logStream: options.logStream, audit: services.audit.record, sharedRateLimit,
  });
  installIdempotency(app, { db, cipher: services.cipher });
  registerSystemRoutes(app, { db, metrics: services.metrics, ready: () => ready, metricsToken: config.metricsToken });
  // Failed console sign-ins, wrong client secrets and uploads per link: one count across API processes where the rate limit is shared.
  const throttle = sharedRateLimit?.throttle ?? createLocalThrottle();
  registerAuthRoutes(app, { tokens: services.tokens, throttle });
  registerAccountRoutes(app, services);
  registerEventRoutes(app, { events: services.events, publicUrl: config.publicUrl });
  registerWebhookRoutes(app, services);
  registerCreditRoutes(app, services);
  // The client's four-eyes rule on ALERT results holds for reviews through the console and the API alike (ADR 0077).
  const secondReview = createSecondReview({ db, keys: services.dataKeys, aml: services.aml, onboarding: services.onboarding.onboarding, audit: services.audit, clients: services.clients });
  registerAmlRoutes(app, { aml: services.aml, submitReview: secondReview.aml.submit });
  registerScreeningRoutes(app, services);
  registerSandboxRoutes(app, { flow: services.onboarding.flow, liveness: services.onboarding.liveness, now: services.now });
  registerOnboarding(app, services.onboarding, config, services.partners, throttle, secondReview.onboarding.submit);
  registerConsole(app, services, throttle, secondReview);
  registerPrivacy(app, services.privacy, config.publicUrl);
  registerCompanyRoutes(app, { companies: services.companies });
  return {
    app,
    services,
    async close() {
      ready = false;
      services.listRetry?.stop();
      await app.close();
      await services.dispatcher.stop();
      await services.jobs.stop();
      await services.sender.close();
      await services.onboarding.close();
      await services.audit.close();
      if (!options.db) await db.close();
    },
  };
}
