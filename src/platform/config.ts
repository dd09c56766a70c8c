import path from 'node:path';

/**
 * One schema for every setting, parsed once at start-up from the environment and passed in.
 * A bad value stops the process with a message naming the variable; secrets have no defaults
 * (the embedded mode generates its keys into DATA_DIR instead, see platform/crypto/keys.ts).
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
  /** S3-compatible storage for uploaded files instead of STORAGE_DIR, when S3_BUCKET is set. */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; prefix: string } | undefined;
}

export class ConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(`Invalid configuration: ${variable} ${message}`);
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function url(name: string, raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute URL, got "${raw}"`);
  }
  if (!['http:', 'https:'].includes(parsed.protocol)) throw new ConfigError(name, 'must be an http or https URL');
  return raw.replace(/\/+$/, '');
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A comma-separated list of durations such as `0s,5s,5m,2h`. */
function durations(env: Env, name: string, fallback: string): number[] {
  const raw = env[name] || fallback;
  const parts = raw.split(',').map((p) => p.trim());
  const out = parts.map((p) => {
    const m = /^(\d+)(ms|s|m|h|d)$/.exec(p);
    if (!m) throw new ConfigError(name, `must be durations like 0s,5s,5m,2h; got "${p}"`);
    return Number(m[1]) * UNIT_MS[m[2]!]!;
  });
  if (out.length === 0 || out.length > 20) throw new ConfigError(name, 'must list 1 to 20 durations');
  return out;
}

function cron(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  if (!/^(\S+\s+){4}\S+$/.test(raw.trim())) throw new ConfigError(name, `must be a cron expression of five fields, got "${raw}"`);
  return raw.trim();
}

function countryCode(env: Env, name: string, fallback: string): string {
  const raw = (env[name] || fallback).trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(raw)) throw new ConfigError(name, `must be an ISO 3166-1 alpha-2 country code such as GB, got "${env[name]}"`);
  return raw;
}

function required(env: Env, name: string): string {
  const value = env[name];
  if (!value) throw new ConfigError(name, 'is required when S3_BUCKET is set');
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 8080, 0, 65535);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must start with postgres:// or postgresql://');
  }
  const encryptionKey = env.ENCRYPTION_KEY || undefined;
  if (encryptionKey && Buffer.from(encryptionKey, 'base64').length !== 32) {
    throw new ConfigError('ENCRYPTION_KEY', 'must be 32 bytes encoded in base64 (openssl rand -base64 32)');
  }
  const encryptionKeyPrevious = (env.ENCRYPTION_KEY_PREVIOUS || '').split(',').map((k) => k.trim()).filter(Boolean);
  if (encryptionKeyPrevious.some((k) => Buffer.from(k, 'base64').length !== 32)) {
    throw new ConfigError('ENCRYPTION_KEY_PREVIOUS', 'must be a comma-separated list of 32-byte keys in base64');
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: url('PUBLIC_URL', env.PUBLIC_URL || `http://localhost:${port}`),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    dbPoolSize: int(env, 'DB_POOL_SIZE', 20, 2, 500),
    dbPreparedStatements: bool(env, 'DB_PREPARED_STATEMENTS', true),
    jwtPrivateKey: env.JWT_PRIVATE_KEY || undefined,
    encryptionKey,
    encryptionKeyPrevious,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 3600, 60, 86400),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 6000, 1, 10_000_000),
    rateLimitShared: bool(env, 'RATE_LIMIT_SHARED', true),
    rateLimitSyncMs: int(env, 'RATE_LIMIT_SYNC_MS', 100, 10, 10_000),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    logLevel,
    webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 15_000, 100, 60_000),
    webhookRetrySchedule: durations(env, 'WEBHOOK_RETRY_SCHEDULE', '0s,5s,5m,30m,2h,5h,10h,10h'),
    sharedDataDir: path.resolve(env.KYC_SHARED_DATA || '../shared/data'),
    screeningLists: (env.SCREENING_LISTS || '').split(',').map((p) => p.trim()).filter(Boolean),
    screeningSources: (env.SCREENING_SOURCES || '').split(',').map((p) => p.trim()).filter(Boolean),
    screeningSourcesDir: path.resolve(env.SCREENING_SOURCES_DIR || path.join(env.DATA_DIR || './data', 'screening-sources')),
    screeningRefreshCron: cron(env, 'SCREENING_REFRESH_CRON', '0 * * * *'),
    screeningMaxListAgeHours: int(env, 'SCREENING_MAX_LIST_AGE_HOURS', 48, 1, 24 * 365),
    screeningListsWaitSeconds: int(env, 'SCREENING_LISTS_WAIT_SECONDS', 900, 0, 86_400),
    pepDomesticCountry: countryCode(env, 'PEP_DOMESTIC_COUNTRY', 'GB'),
    eidvRegisters: (env.EIDV_REGISTERS || '').split(',').map((p) => p.trim()).filter(Boolean),
    minimumAge: int(env, 'MINIMUM_AGE', 18, 0, 150),
    workers: bool(env, 'WORKERS', true),
    amlCheckTimeoutSeconds: int(env, 'AML_CHECK_TIMEOUT_SECONDS', 300, 2, 3600),
    jobsMaintenanceSeconds: int(env, 'JOBS_MAINTENANCE_SECONDS', 120, 1, 3600),
    onboardingLinkTtlDays: int(env, 'ONBOARDING_LINK_TTL_DAYS', 30, 1, 365),
    storageDir: path.resolve(env.STORAGE_DIR || path.join(env.DATA_DIR || './data', 'files')),
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', 10 * 1024 * 1024, 64 * 1024, 50 * 1024 * 1024),
    s3: env.S3_BUCKET
      ? {
          endpoint: url('S3_ENDPOINT', env.S3_ENDPOINT || `https://s3.${env.S3_REGION || 'us-east-1'}.amazonaws.com`),
          bucket: env.S3_BUCKET, region: env.S3_REGION || 'us-east-1', prefix: env.S3_PREFIX || '',
          accessKeyId: required(env, 'S3_ACCESS_KEY_ID'), secretAccessKey: required(env, 'S3_SECRET_ACCESS_KEY'),
        }
      : undefined,
  };
}
