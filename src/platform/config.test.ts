import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for the embedded mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', publicUrl: 'http://localhost:8080', databaseUrl: undefined, webhookAllowPrivate: false, minimumAge: 18 });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.webhookRetrySchedule).toEqual([0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
  });
  it('screening: lists older than 48 hours are stale, checks wait 15 minutes for a first list, GB is domestic', () => {
    expect(loadConfig({})).toMatchObject({ screeningMaxListAgeHours: 48, screeningListsWaitSeconds: 900, pepDomesticCountry: 'GB' });
    expect(loadConfig({ SCREENING_MAX_LIST_AGE_HOURS: '24', SCREENING_LISTS_WAIT_SECONDS: '0', PEP_DOMESTIC_COUNTRY: 'ie' })).toMatchObject({ screeningMaxListAgeHours: 24, screeningListsWaitSeconds: 0, pepDomesticCountry: 'IE' });
  });
  it('PUBLIC_URL follows PORT unless given', () => {
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://kyc.example.com/' }).publicUrl).toBe('https://kyc.example.com');
  });
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ENCRYPTION_KEY: 'short' }, 'ENCRYPTION_KEY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ WEBHOOK_ALLOW_PRIVATE: 'maybe' }, 'WEBHOOK_ALLOW_PRIVATE'],
    [{ WEBHOOK_RETRY_SCHEDULE: '5 minutes' }, 'WEBHOOK_RETRY_SCHEDULE'],
    [{ SCREENING_REFRESH_CRON: 'hourly' }, 'SCREENING_REFRESH_CRON'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ SCREENING_MAX_LIST_AGE_HOURS: '0' }, 'SCREENING_MAX_LIST_AGE_HOURS'],
    [{ SCREENING_LISTS_WAIT_SECONDS: 'a while' }, 'SCREENING_LISTS_WAIT_SECONDS'],
    [{ PEP_DOMESTIC_COUNTRY: 'GBR' }, 'PEP_DOMESTIC_COUNTRY'],
  ])('%o stops start-up naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });
});
