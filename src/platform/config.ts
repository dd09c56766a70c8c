import path from 'node:path';
import { SETTINGS, type Setting, type SettingName } from './config.settings.ts';

/**
 * One schema for every setting, parsed once at start-up from the environment and passed in.
 * A bad value stops the process with a message naming the variable; secrets have no defaults
 * (the embedded mode generates its keys into DATA_DIR instead, see platform/crypto/keys.ts). Names, defaults and
 * meanings live in config.settings.ts: the helpers below read only names listed there, and take their fallbacks
 * from there.
 */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections per process to a PostgreSQL server (at least 2: installing the job tables holds one while using another). */
  dbPoolSize: number;
  /** Named prepared statements on PostgreSQL (off behind a transaction-pooling PgBouncer older than 1.21). */
  dbPreparedStatements: boolean;
  /** PEM of the JWT signing key; unset: a key kept in DATA_DIR. */
  jwtPrivateKey: string | undefined;
  /** 32-byte key (base64) for personal data and documents at rest; unset: a key kept in DATA_DIR. */
  encryptionKey: string | undefined;
  /** Earlier values of ENCRYPTION_KEY, still accepted to unwrap data keys until `kyc keys rotate` has re-wrapped them (ADR 75). */
  encryptionKeyPrevious: string[];
  accessTokenTtlSeconds: number;
  rateLimitPerMinute: number;
  /** On PostgreSQL, count the rate limit across all API processes (ADR 0060); false: each process counts alone. */
  rateLimitShared: boolean;
  /** How often a process adds its hits to the shared rate-limit counters and reads the others'. */
  rateLimitSyncMs: number;
  bodyLimitBytes: number;
  logLevel: string;
  webhookAllowPrivate: boolean;
  /** Let the clients' e-mail (SMTP) connections reach private and loopback addresses (an internal relay, tests). */
  mailAllowPrivate: boolean;
  webhookTimeoutMs: number;
  /** Delay before each delivery attempt, in milliseconds: the first is normally 0. */
  webhookRetrySchedule: number[];
  /** Path to ../shared/data style reference data (lists, documents, faces); used by evaluation and tests. */
  sharedDataDir: string;
  screeningLists: string[];
  /**
   * SCREENING_SOURCES as given: official source ids or `id=url`, or `none`. Which sources are downloaded is decided
   * in one place, screening/sources.ts `sourceEntriesFromSettings`: unset means the official free sources unless
   * SCREENING_LISTS is set (ADR 0099).
   */
  screeningSources: string[];
  /** A loaded list older than this (hours since its last successful download or file change) is a warning. */
  screeningMaxListAgeHours: number;
  /** How long an AML check waits for a first list to load before it ends in ERROR (SCREENING_LISTS_UNAVAILABLE). */
  screeningListsWaitSeconds: number;
  /** PEP category `domestic`: positions in this country (ISO alpha-2); others are foreign or international organisation. */
  pepDomesticCountry: string;
  /** Where downloaded lists and their fetch state are kept. */
  screeningSourcesDir: string;
  screeningRefreshCron: string;
  /** Identity registers (CSV), `name=path` or `path`. */
  eidvRegisters: string[];
  /** KYC_CSCA_TRUST_DIR: CSCA certificates, master lists and CRLs for passport chips; undefined: none (every chip is CSCA_UNTRUSTED). */
  chipTrustDir: string | undefined;
  /** Company checks (KYB): the Companies House API, or the bulk products for installs without internet. */
  companiesHouse: { apiKey: string | undefined; apiUrl: string; bulkFiles: string[]; refreshCron: string; pscDepth: number; streamKey: string | undefined; streamUrl: string };
  eidvPostcodeDirectory: string | undefined;
  /** Trulioo as an identity data provider, when its client id is set. */
  eidvTrulioo: { baseUrl: string; authUrl: string; clientId: string; clientSecret: string; configurationName: string } | undefined;
  minimumAge: number;
  workers: boolean;
  /** How long an AML check may run before it is presumed lost (its worker died) and run again. */
  amlCheckTimeoutSeconds: number;
  /** How often the workers look for jobs whose worker died (pg-boss maintenance). */
  jobsMaintenanceSeconds: number;
  /** Onboarding (issue 8): days a verification link stays usable; uploaded files' store and size limit. */
  onboardingLinkTtlDays: number;
  storageDir: string;
  uploadMaxBytes: number;
  /** Bearer token that /metrics asks for; unset: /metrics is off (404). */
  metricsToken: string | undefined;
  /** S3-compatible storage for uploaded files instead of STORAGE_DIR, when S3_BUCKET is set. */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; prefix: string } | undefined;
}

export class ConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(`Invalid configuration: ${variable} ${message}`);
  }
}

type Env = Record<string, string | undefined>;

/** The variable's value, or its default from SETTINGS; undefined when neither is set. */
function raw(env: Env, name: SettingName): string | undefined {
  const value = env[name];
  if (value !== undefined && value !== '') return value;
  const setting: Setting = SETTINGS[name];
  return setting.default;
}

function int(env: Env, name: SettingName, min: number, max: number): number {
  const value = raw(env, name);
  if (value === undefined || !/^\d+$/.test(value)) throw new ConfigError(name, `must be a whole number, got "${value ?? ''}"`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(env: Env, name: SettingName): boolean {
  const value = raw(env, name) ?? '';
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  throw new ConfigError(name, `must be true or false, got "${value}"`);
}

function list(env: Env, name: SettingName): string[] {
  return (raw(env, name) ?? '').split(',').map((p) => p.trim()).filter(Boolean);
}

function url(name: SettingName, value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `must be an absolute URL, got "${value}"`);
  }
  if (!['http:', 'https:'].includes(parsed.protocol)) throw new ConfigError(name, 'must be an http or https URL');
  return value.replace(/\/+$/, '');
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A comma-separated list of durations such as `0s,5s,5m,2h`. */
function durations(env: Env, name: SettingName): number[] {
  const parts = (raw(env, name) ?? '').split(',').map((p) => p.trim());
  const out = parts.map((p) => {
    const m = /^(\d+)(ms|s|m|h|d)$/.exec(p);
    if (!m) throw new ConfigError(name, `must be durations like 0s,5s,5m,2h; got "${p}"`);
    return Number(m[1]) * UNIT_MS[m[2]!]!;
  });
  if (out.length === 0 || out.length > 20) throw new ConfigError(name, 'must list 1 to 20 durations');
  return out;
}

function cron(env: Env, name: SettingName): string {
  const value = (raw(env, name) ?? '').trim();
  if (!/^(\S+\s+){4}\S+$/.test(value)) throw new ConfigError(name, `must be a cron expression of five fields, got "${value}"`);
  return value;
}

function countryCode(env: Env, name: SettingName): string {
  const value = (raw(env, name) ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(value)) throw new ConfigError(name, `must be an ISO 3166-1 alpha-2 country code such as GB, got "${env[name]}"`);
  return value;
}

function required(env: Env, name: SettingName): string {
  const value = raw(env, name);
  if (!value) throw new ConfigError(name, 'is required when S3_BUCKET is set');
  return value;
}

function requiredWith(env: Env, name: SettingName, with_: SettingName): string {
  const value = raw(env, name);
  if (!value) throw new ConfigError(name, `is required when ${with_} is set`);
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 0, 65535);
  const databaseUrl = raw(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must start with postgres:// or postgresql://');
  }
  const encryptionKey = raw(env, 'ENCRYPTION_KEY');
  if (encryptionKey && Buffer.from(encryptionKey, 'base64').length !== 32) {
    throw new ConfigError('ENCRYPTION_KEY', 'must be 32 bytes encoded in base64 (openssl rand -base64 32)');
  }
  const encryptionKeyPrevious = list(env, 'ENCRYPTION_KEY_PREVIOUS');
  if (encryptionKeyPrevious.some((k) => Buffer.from(k, 'base64').length !== 32)) {
    throw new ConfigError('ENCRYPTION_KEY_PREVIOUS', 'must be a comma-separated list of 32-byte keys in base64');
  }
  const metricsToken = raw(env, 'METRICS_TOKEN');
  if (metricsToken && (metricsToken.length < 16 || !/^[\x21-\x7e]+$/.test(metricsToken))) {
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 printable characters without spaces (openssl rand -hex 32)');
  }
  const logLevel = raw(env, 'LOG_LEVEL')!;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  const dataDir = raw(env, 'DATA_DIR')!;
  const s3Region = raw(env, 'S3_REGION')!;
  const s3Bucket = raw(env, 'S3_BUCKET');
  return {
    port,
    host: raw(env, 'HOST')!,
    publicUrl: url('PUBLIC_URL', raw(env, 'PUBLIC_URL') ?? `http://localhost:${port}`),
    dataDir: path.resolve(dataDir),
    databaseUrl,
    dbPoolSize: int(env, 'DB_POOL_SIZE', 2, 500),
    dbPreparedStatements: bool(env, 'DB_PREPARED_STATEMENTS'),
    jwtPrivateKey: raw(env, 'JWT_PRIVATE_KEY'),
    encryptionKey,
    encryptionKeyPrevious,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 60, 86400),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 1, 10_000_000),
    rateLimitShared: bool(env, 'RATE_LIMIT_SHARED'),
    rateLimitSyncMs: int(env, 'RATE_LIMIT_SYNC_MS', 10, 10_000),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024, 100 * 1024 * 1024),
    logLevel,
    webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE'),
    mailAllowPrivate: bool(env, 'MAIL_ALLOW_PRIVATE'),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 100, 60_000),
    webhookRetrySchedule: durations(env, 'WEBHOOK_RETRY_SCHEDULE'),
    sharedDataDir: path.resolve(raw(env, 'KYC_SHARED_DATA')!),
    screeningLists: list(env, 'SCREENING_LISTS'),
    screeningSources: list(env, 'SCREENING_SOURCES'),
    screeningSourcesDir: path.resolve(raw(env, 'SCREENING_SOURCES_DIR') ?? path.join(dataDir, 'screening-sources')),
    screeningRefreshCron: cron(env, 'SCREENING_REFRESH_CRON'),
    screeningMaxListAgeHours: int(env, 'SCREENING_MAX_LIST_AGE_HOURS', 1, 24 * 365),
    screeningListsWaitSeconds: int(env, 'SCREENING_LISTS_WAIT_SECONDS', 0, 86_400),
    pepDomesticCountry: countryCode(env, 'PEP_DOMESTIC_COUNTRY'),
    eidvRegisters: list(env, 'EIDV_REGISTERS'),
    chipTrustDir: raw(env, 'KYC_CSCA_TRUST_DIR') ? path.resolve(raw(env, 'KYC_CSCA_TRUST_DIR')!) : undefined,
    companiesHouse: {
      apiKey: raw(env, 'COMPANIES_HOUSE_API_KEY'), apiUrl: url('COMPANIES_HOUSE_API_URL', raw(env, 'COMPANIES_HOUSE_API_URL')!),
      bulkFiles: list(env, 'COMPANIES_HOUSE_BULK_FILES'), refreshCron: cron(env, 'COMPANIES_HOUSE_REFRESH_CRON'), pscDepth: int(env, 'COMPANIES_HOUSE_PSC_DEPTH', 0, 10),
      streamKey: raw(env, 'COMPANIES_HOUSE_STREAM_KEY'), streamUrl: url('COMPANIES_HOUSE_STREAM_URL', raw(env, 'COMPANIES_HOUSE_STREAM_URL')!),
    },
    eidvPostcodeDirectory: raw(env, 'EIDV_POSTCODE_DIRECTORY'),
    eidvTrulioo: raw(env, 'EIDV_TRULIOO_CLIENT_ID')
      ? {
          baseUrl: url('EIDV_TRULIOO_URL', raw(env, 'EIDV_TRULIOO_URL')!).replace(/\/$/, ''), authUrl: url('EIDV_TRULIOO_AUTH_URL', raw(env, 'EIDV_TRULIOO_AUTH_URL')!).replace(/\/$/, ''),
          clientId: raw(env, 'EIDV_TRULIOO_CLIENT_ID')!, clientSecret: requiredWith(env, 'EIDV_TRULIOO_CLIENT_SECRET', 'EIDV_TRULIOO_CLIENT_ID'),
          configurationName: raw(env, 'EIDV_TRULIOO_CONFIGURATION')!,
        }
      : undefined,
    minimumAge: int(env, 'MINIMUM_AGE', 0, 150),
    workers: bool(env, 'WORKERS'),
    amlCheckTimeoutSeconds: int(env, 'AML_CHECK_TIMEOUT_SECONDS', 2, 3600),
    jobsMaintenanceSeconds: int(env, 'JOBS_MAINTENANCE_SECONDS', 1, 3600),
    onboardingLinkTtlDays: int(env, 'ONBOARDING_LINK_TTL_DAYS', 1, 365),
    storageDir: path.resolve(raw(env, 'STORAGE_DIR') ?? path.join(dataDir, 'files')),
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', 64 * 1024, 50 * 1024 * 1024),
    metricsToken,
    s3: s3Bucket
      ? {
          endpoint: url('S3_ENDPOINT', raw(env, 'S3_ENDPOINT') ?? `https://s3.${s3Region}.amazonaws.com`),
          bucket: s3Bucket, region: s3Region, prefix: raw(env, 'S3_PREFIX') ?? '',
          accessKeyId: required(env, 'S3_ACCESS_KEY_ID'), secretAccessKey: required(env, 'S3_SECRET_ACCESS_KEY'),
        }
      : undefined,
  };
}
