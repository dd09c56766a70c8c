import { SourceUnavailableError } from './source.ts';
import type { IdentityDataProvider, ProviderAddress, ProviderQuery, ProviderRecord } from './provider.ts';

/**
 * Trulioo's person verification (the "Verifications" API of developer.trulioo.com): one call asks Trulioo's
 * local datasources for the country (in the UK credit bureaus, electoral roll, consumer and utility files) and
 * returns, per datasource, which of the given fields it matched. The contract, as published:
 *
 * - Token: `POST {authUrl}/connect/token`, form `grant_type=client_credentials&client_id=..&client_secret=..`
 *   → `{ access_token, expires_in, token_type: "Bearer" }` (OAuth 2.0 client credentials).
 * - Verify: `POST {baseUrl}/v3/verifications/verify`, `Authorization: Bearer <token>`, JSON body
 *   `{ AcceptTruliooTermsAndConditions: true, ConfigurationName, CountryCode, CustomerReferenceID?, DataFields:
 *   { PersonInfo: { FirstGivenName, MiddleName, FirstSurName, DayOfBirth, MonthOfBirth, YearOfBirth },
 *   Location: { BuildingNumber, BuildingName, UnitNumber, StreetName, StreetType, City, PostalCode } } }`
 *   → 200 `VerifyResult { TransactionID, UploadedDt, CountryCode, ProductName, Record: { TransactionRecordID,
 *   RecordStatus: match|nomatch|partial|error, DatasourceResults: [{ DatasourceName, DatasourceFields: [{ FieldName,
 *   Status: match|nomatch|missing }], AppendedFields, Errors: [{ Code, Message }] }], Errors, Rule }, Errors }`.
 * - Errors: 400 (invalid request), 401 (authentication failed), 429 (rate limit), 500, each `{ Code, Message }`.
 *
 * What it does not give: activity history (months) and mortality or known-fraud flags are not part of this
 * response, so its records report none; the address history's earlier addresses are not sent (the request
 * carries one Location): only the current address is matched. Each datasource is one record (one source).
 */
export interface TruliooOptions {
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** The product configured on the Trulioo account, e.g. "Identity Verification". */
  configurationName: string;
  now?: () => number;
  fetch?: typeof fetch;
}

const STREET_TYPES = new Set(['ROAD', 'LANE', 'STREET', 'AVENUE', 'DRIVE', 'CLOSE', 'COURT', 'CRESCENT', 'PLACE', 'SQUARE', 'GARDENS', 'GROVE', 'TERRACE', 'WAY', 'PARK', 'PARADE', 'HILL', 'ROW', 'WALK', 'MEWS', 'GREEN']);

export function truliooLocation(a: ProviderAddress): Record<string, string> {
  const words = [...a.street_words];
  const type = words.length > 1 && STREET_TYPES.has(words[words.length - 1]!) ? words.pop()! : undefined;
  return {
    ...(a.house ? { BuildingNumber: a.house } : {}), ...(a.flat ? { UnitNumber: a.flat } : {}),
    ...(a.house ? {} : { BuildingName: words.join(' ') }),
    StreetName: words.join(' '), ...(type ? { StreetType: type } : {}), City: a.city, PostalCode: a.postcode,
  };
}

export function truliooRequest(query: ProviderQuery, configurationName: string): Record<string, unknown> {
  const [year, month, day] = query.date_of_birth.split('-').map(Number);
  const current = query.addresses.find((a) => a.current) ?? query.addresses[0]!;
  return {
    AcceptTruliooTermsAndConditions: true,
    ConfigurationName: configurationName,
    CountryCode: current.country_code.toUpperCase(),
    DataFields: {
      PersonInfo: {
        FirstGivenName: query.first_name, ...(query.middle_name ? { MiddleName: query.middle_name } : {}), FirstSurName: query.last_name,
        DayOfBirth: day, MonthOfBirth: month, YearOfBirth: year,
      },
      Location: truliooLocation(current),
    },
  };
}

interface VerifyResult {
  TransactionID?: string;
  Record?: {
    RecordStatus?: string;
    DatasourceResults?: Array<{ DatasourceName?: string; DatasourceFields?: Array<{ FieldName?: string; Status?: string }>; Errors?: Array<{ Code?: string; Message?: string }> }>;
    Errors?: Array<{ Code?: string; Message?: string }>;
  };
  Errors?: Array<{ Code?: string; Message?: string }>;
}

/** One datasource's fields as a record: the name, full date of birth, and the (current) address it matched. */
export function truliooRecords(result: VerifyResult): ProviderRecord[] {
  return (result.Record?.DatasourceResults ?? []).map((ds) => {
    const status = new Map((ds.DatasourceFields ?? []).map((f) => [f.FieldName ?? '', (f.Status ?? '').toLowerCase()]));
    const match = (field: string) => status.get(field) === 'match';
    const errors = (ds.Errors ?? []).map((e) => `ERROR_${e.Code ?? 'UNKNOWN'}`);
    const name = errors.length === 0 && match('FirstGivenName') && match('FirstSurName');
    const dob = match('DayOfBirth') && match('MonthOfBirth') && match('YearOfBirth');
    // The same house: postcode and building number (or name) matched, and the street not contradicted.
    const address = match('PostalCode') && (match('BuildingNumber') || match('BuildingName')) && status.get('StreetName') !== 'nomatch';
    return {
      source: `trulioo:${ds.DatasourceName ?? 'unnamed'}`,
      matched: { name, date_of_birth: name && dob ? 'FULL' : 'NONE', addresses: name && address ? [0] : [] },
      activity_months: null, checks: { mortality: false, fraud: false }, flags: { deceased: false, known_fraud: false },
      reasons: [...[...status].filter(([, s]) => s === 'match').map(([f]) => `MATCH_${f.toUpperCase()}`), ...errors],
    } satisfies ProviderRecord;
  });
}

export function truliooProvider(options: TruliooOptions): IdentityDataProvider {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let token: { value: string; until: number } | undefined;

  async function call(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await doFetch(url, init);
    } catch (error) {
      throw new SourceUnavailableError('trulioo', `${what}: ${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message}`);
    }
  }
  async function failure(res: Response, what: string): Promise<SourceUnavailableError> {
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    return new SourceUnavailableError('trulioo', `${what}: HTTP ${res.status}${body.Code ? ` ${body.Code}` : ''}${body.Message ? ` ${body.Message}` : ''}`);
  }
  async function accessToken(signal?: AbortSignal): Promise<string> {
    if (token && token.until > now()) return token.value;
    const res = await call(`${options.authUrl}/connect/token`, {
      method: 'POST', signal, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: options.clientId, client_secret: options.clientSecret }).toString(),
    }, 'token');
    if (!res.ok) throw await failure(res, 'token');
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new SourceUnavailableError('trulioo', 'token: no access_token in the answer');
    // Renewed a minute early, so a token never expires in flight.
    token = { value: body.access_token, until: now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 };
    return token.value;
  }

  return {
    id: 'trulioo',
    async verify(query: ProviderQuery, signal?: AbortSignal) {
      const send = async () => call(`${options.baseUrl}/v3/verifications/verify`, {
        method: 'POST', signal,
        headers: { authorization: `Bearer ${await accessToken(signal)}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(truliooRequest(query, options.configurationName)),
      }, 'verify');
      let res = await send();
      // A token revoked or expired early: one fresh token, one retry.
      if (res.status === 401) { token = undefined; res = await send(); }
      if (!res.ok) throw await failure(res, 'verify');
      const result = (await res.json()) as VerifyResult;
      const errors = [...(result.Errors ?? []), ...(result.Record?.Errors ?? [])];
      if (!result.Record?.DatasourceResults?.length && errors.length) {
        throw new SourceUnavailableError('trulioo', `verify: ${errors.map((e) => `${e.Code ?? ''} ${e.Message ?? ''}`.trim()).join('; ')}`);
      }
      return { reference: result.TransactionID ?? null, records: truliooRecords(result) };
    },
  };
}
