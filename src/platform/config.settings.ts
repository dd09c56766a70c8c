/**
 * Every environment variable the service reads, with its default and what it means: the one place both the
 * parser (config.ts takes its fallbacks from here) and the README's configuration table
 * (`npm run docs:config`, checked by config.docs.test.ts) come from. A variable missing here cannot be read by
 * config.ts's helpers, so it cannot go undocumented.
 */
import { DEFAULT_RETRY_SCHEDULE, RETRY_SCHEDULE_MEANING } from '../modules/webhooks/domain/retry.ts';

export interface Setting {
  /** The value used when the variable is unset or empty; absent: unset, or computed (see `shownDefault`). */
  default?: string;
  /** The default as the README shows it, when it is computed from other settings. */
  shownDefault?: string;
  meaning: string;
}

export const SETTINGS = {
  PORT: { default: '8080', meaning: 'HTTP port' },
  HOST: {
    default: '127.0.0.1',
    meaning: 'Address the HTTP server listens on: this machine only by default. In a container or behind a load balancer on another host, `0.0.0.0` (all interfaces; [docs/deployment.md](docs/deployment.md))',
  },
  PUBLIC_URL: { shownDefault: '`http://localhost:$PORT`', meaning: 'Base of every link the service hands out (token issuer, onboarding and portal links)' },
  DATA_DIR: { default: './data', meaning: 'Embedded database, keys, stored documents. The `kyc` command refuses to create a new database here unless `DATA_DIR` is set or `--init` is given' },
  DATABASE_URL: { meaning: 'Unset: embedded PGlite in `DATA_DIR`. Set (`postgres://...`): that PostgreSQL server' },
  DB_POOL_SIZE: { default: '20', meaning: 'Connections per process to PostgreSQL' },
  DB_PREPARED_STATEMENTS: { default: 'true', meaning: 'Run PostgreSQL statements as named prepared statements (set `false` behind a transaction-pooling PgBouncer older than 1.21)' },
  JWT_PRIVATE_KEY: { meaning: 'PEM (ES256) signing key for access tokens; unset: generated once into `DATA_DIR/keys`' },
  ENCRYPTION_KEY: { meaning: '32 bytes, base64: root of the keys of personal data and documents at rest (ADR 75); unset: generated once into `DATA_DIR/keys`' },
  ENCRYPTION_KEY_PREVIOUS: { meaning: 'Earlier `ENCRYPTION_KEY` values, comma-separated, during a rotation (`npx kyc keys rotate`)' },
  ACCESS_TOKEN_TTL_SECONDS: { default: '3600', meaning: 'Access token lifetime' },
  RATE_LIMIT_PER_MINUTE: { default: '6000', meaning: 'Requests per client per minute (per address for unauthenticated calls)' },
  RATE_LIMIT_SHARED: { default: 'true', meaning: 'On PostgreSQL, one budget across all API processes (ADR 0060); `false`: each process counts alone' },
  RATE_LIMIT_SYNC_MS: { default: '100', meaning: 'How often an API process adds its counts to the shared rate-limit counters' },
  BODY_LIMIT_BYTES: { default: '1048576', meaning: 'Largest JSON body' },
  UPLOAD_MAX_BYTES: { default: '10485760', meaning: 'Largest uploaded file (document image or PDF, selfie) in the hosted flow' },
  LOG_LEVEL: { default: 'info', meaning: 'pino level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`' },
  WEBHOOK_ALLOW_PRIVATE: { default: 'false', meaning: 'Allow webhooks to private and loopback addresses (tests, local development)' },
  METRICS_TOKEN: { meaning: 'Bearer token that `GET /metrics` asks for; unset: `/metrics` is off (404). See [docs/deployment.md](docs/deployment.md#metrics)' },
  MAIL_ALLOW_PRIVATE: { default: 'false', meaning: "Allow the clients' e-mail (SMTP) connections to private and loopback addresses (an internal relay, tests)" },
  WEBHOOK_TIMEOUT_MS: { default: '15000', meaning: 'How long one webhook delivery may take before it counts as failed and is retried' },
  // The schedule and its meaning are the webhooks domain's (webhooks/domain/retry.ts); this file only names the variable.
  WEBHOOK_RETRY_SCHEDULE: { default: DEFAULT_RETRY_SCHEDULE, meaning: RETRY_SCHEDULE_MEANING },
  WORKERS: { default: 'true', meaning: 'Run the background workers in the API process (`false`: API only, workers in `npx kyc worker`)' },
  AML_CHECK_TIMEOUT_SECONDS: { default: '300', meaning: 'How long an AML check may run before it is presumed lost with its worker and run again ([docs/fault-tolerance.md](docs/fault-tolerance.md))' },
  JOBS_MAINTENANCE_SECONDS: { default: '120', meaning: 'How often the workers look for jobs whose worker died' },
  SCREENING_LISTS: { meaning: 'Comma-separated list files or folders to screen against (`path` or `id=path`); a path that does not exist stops the start. Set alone, nothing is downloaded (air-gapped installs)' },
  SCREENING_SOURCES: {
    shownDefault: 'unset: OFAC SDN, UN, UK Sanctions List, EU FSF',
    meaning: 'Lists downloaded from their publishers at start-up and on `SCREENING_REFRESH_CRON`: official ids such as `us_ofac_sdn,un_sc_sanctions,gb_fcdo_sanctions`, `id=url`, or `none` ([docs/screening.md](docs/screening.md)). Unset with `SCREENING_LISTS` set: none',
  },
  SCREENING_MAX_LIST_AGE_HOURS: { default: '48', meaning: 'A list not updated for longer is shown stale (API `warnings`, console badge)' },
  SCREENING_LISTS_WAIT_SECONDS: { default: '900', meaning: 'How long an AML check waits for a first list before it ends in `ERROR` (`SCREENING_LISTS_UNAVAILABLE`)' },
  PEP_DOMESTIC_COUNTRY: { default: 'GB', meaning: 'PEP positions in this country are `domestic`; others `foreign` or `international_organisation`' },
  SCREENING_SOURCES_DIR: { shownDefault: '`DATA_DIR/screening-sources`', meaning: 'Where downloaded lists and their fetch state are kept' },
  SCREENING_REFRESH_CRON: { default: '0 * * * *', meaning: 'When the lists are fetched (`SCREENING_SOURCES`) and read again, and monitored contacts re-screened against what changed (cron, five fields)' },
  EIDV_REGISTERS: {
    meaning: 'Identity registers for the AML identity check, comma-separated CSV files, `name=path` or `path` ([docs/aml.md](docs/aml.md)); a file that does not exist stops the start. Synthetic samples: `examples/test-data/`',
  },
  COMPANIES_HOUSE_API_KEY: { meaning: 'Companies House public data API key: company checks (KYB) of COMPANY accounts read the register live ([docs/company-verification.md](docs/company-verification.md)); unset: the bulk products if `COMPANIES_HOUSE_BULK_FILES` is set, else company checks are off' },
  COMPANIES_HOUSE_API_URL: { default: 'https://api.company-information.service.gov.uk', meaning: 'Base URL of the Companies House public data API' },
  COMPANIES_HOUSE_BULK_FILES: { meaning: 'Companies House bulk products for installs without internet, comma-separated: the basic company data CSV (`BasicCompanyDataAsOneFile-*.csv`) and the PSC snapshot (JSON lines); imported at start when changed, used when `COMPANIES_HOUSE_API_KEY` is unset; a file that does not exist stops the start' },
  COMPANIES_HOUSE_REFRESH_CRON: { default: '30 4 * * *', meaning: 'When monitored company checks are read again from Companies House; a change on the register (status, registered office, officers, PSCs) emits `ENTITY_UPDATED` (cron, five fields)' },
  COMPANIES_HOUSE_STREAM_KEY: { meaning: 'Companies House streaming API key: the workers follow the companies, officers and PSC streams and read a monitored company again as soon as it changes (between `COMPANIES_HOUSE_REFRESH_CRON` runs); unset: the scheduled refresh only' },
  COMPANIES_HOUSE_STREAM_URL: { default: 'https://stream.companieshouse.gov.uk', meaning: 'Base URL of the Companies House streaming API' },
  COMPANIES_HOUSE_PSC_DEPTH: { default: '3', meaning: 'How many levels of UK corporate persons with significant control a company check follows to find the individuals behind them (0: none)' },
  EIDV_POSTCODE_DIRECTORY: {
    meaning: 'The ONS Postcode Directory CSV (open data, e.g. `Data/ONSPD_FEB_2025_UK.csv` of the ONSPD download): UK postcodes are then checked for existence, not only format ([docs/aml.md](docs/aml.md)); loaded in the background at start',
  },
  EIDV_TRULIOO_CLIENT_ID: { meaning: 'Trulioo API client id (OAuth 2.0 client credentials): with the secret, Trulioo is asked as an identity data provider for live clients ([docs/aml.md](docs/aml.md))' },
  EIDV_TRULIOO_CLIENT_SECRET: { meaning: 'Required with `EIDV_TRULIOO_CLIENT_ID`' },
  EIDV_TRULIOO_URL: { default: 'https://api.trulioo.com', meaning: 'Trulioo API base (the verify call is `POST {url}/v3/verifications/verify`)' },
  EIDV_TRULIOO_AUTH_URL: { default: 'https://auth-api.trulioo.com', meaning: 'Trulioo token endpoint base (`POST {url}/connect/token`)' },
  EIDV_TRULIOO_CONFIGURATION: { default: 'Identity Verification', meaning: 'The Trulioo product configuration name to verify with' },
  MINIMUM_AGE: { default: '18', meaning: 'Younger contacts get `ALERT` (`UNDERAGE`) in the AML and onboarding decisions' },
  ONBOARDING_LINK_TTL_DAYS: { default: '30', meaning: 'Days a verification link (`/verify/{token}`) stays usable' },
  STORAGE_DIR: { shownDefault: '`DATA_DIR/files`', meaning: 'Where uploaded documents and selfies are kept, encrypted (unless `S3_BUCKET` is set)' },
  S3_BUCKET: { meaning: 'Keep uploaded files in this S3-compatible bucket instead of `STORAGE_DIR` (needed with several API processes)' },
  S3_ENDPOINT: { shownDefault: '`https://s3.$S3_REGION.amazonaws.com`', meaning: 'The S3-compatible endpoint (MinIO, R2, ...)' },
  S3_REGION: { default: 'us-east-1', meaning: 'The bucket\'s region' },
  S3_PREFIX: { meaning: 'Key prefix inside the bucket' },
  S3_ACCESS_KEY_ID: { meaning: 'Required with `S3_BUCKET`' },
  S3_SECRET_ACCESS_KEY: { meaning: 'Required with `S3_BUCKET`' },
  KYC_CSCA_TRUST_DIR: { meaning: 'Folder of CSCA certificates (`.pem`, `.cer`, `.der`), ICAO master lists (`.ml`, used only when their signature and signer verify), CRLs (`.crl`) and ICAO PKD LDIF downloads (`.ldif`: their master lists and CRLs on the same terms) that passport chips (NFC) are checked against, in onboarding processing (`face_match_mobile`) and by `kyc chip verify` without `--trust`; a folder that does not exist stops the start; unset: no chip is trusted ([docs/chip.md](docs/chip.md))' },
  KYC_SHARED_DATA: { default: '../shared/data', meaning: 'Reference data for evaluation and benchmarks' },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

/** Read outside config.ts on purpose: tuning knobs of the evaluations, not settings of a deployment. */
export const INTERNAL_VARIABLES = ['KYC_FACE_CASCADE', 'KYC_FACE_FLIP'] as const;

export const CONFIG_TABLE_START = '<!-- config:start (generated from src/platform/config.settings.ts by `npm run docs:config`) -->';
export const CONFIG_TABLE_END = '<!-- config:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The README's table, one row per setting, in the order above. */
export function configTable(): string {
  const rows = Object.entries(SETTINGS).map(([name, s]: [string, Setting]) => {
    const shown = s.shownDefault ?? (s.default !== undefined ? `\`${s.default}\`` : 'unset');
    return `| \`${name}\` | ${cell(shown)} | ${cell(s.meaning)} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** `readme` with the text between the markers replaced by the table; throws when the markers are missing. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${CONFIG_TABLE_START} ... ${CONFIG_TABLE_END}`);
  return `${readme.slice(0, start + CONFIG_TABLE_START.length)}\n${configTable()}\n${readme.slice(end)}`;
}
