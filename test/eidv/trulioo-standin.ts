/**
 * A local stand-in for Trulioo's API that follows its published contract (src/modules/eidv/sources/trulioo.provider.ts
 * lists it): the same paths, the OAuth 2.0 client-credentials token, the VerifyResult JSON with one result per
 * datasource, and the `{ Code, Message }` errors with their HTTP statuses. It holds a few people per datasource
 * and matches fields exactly (upper-cased), as a datasource reports them.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinPerson {
  FirstGivenName: string; FirstSurName: string; DayOfBirth: number; MonthOfBirth: number; YearOfBirth: number;
  BuildingNumber: string; StreetName: string; PostalCode: string; City: string;
}

export interface Standin { url: string; requests: Array<{ path: string; body: unknown; auth?: string }>; failNext: (status: number) => void; close: () => Promise<void> }

const read = (req: IncomingMessage) => new Promise<string>((resolve) => { let s = ''; req.on('data', (c) => (s += c)); req.on('end', () => resolve(s)); });
const REQUIRED = ['FirstGivenName', 'FirstSurName', 'DayOfBirth', 'MonthOfBirth', 'YearOfBirth'] as const;
const LOCATION = ['BuildingNumber', 'StreetName', 'City', 'PostalCode'] as const;

export async function startTruliooStandin(datasources: Record<string, StandinPerson[]>, credentials = { id: 'client-1', secret: 'secret-1' }): Promise<Standin> {
  const tokens = new Set<string>();
  const requests: Standin['requests'] = [];
  let fail: number | undefined;
  let n = 0;
  const server: Server = createServer(async (req, res) => {
    const text = await read(req);
    const send = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (req.method === 'POST' && req.url === '/connect/token') {
      const form = new URLSearchParams(text);
      requests.push({ path: req.url, body: Object.fromEntries([...form].filter(([k]) => k !== 'client_secret')) });
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== credentials.id || form.get('client_secret') !== credentials.secret) {
        return send(401, { Code: 'invalid_client', Message: 'Unauthorized' });
      }
      const token = `tok-${++n}`;
      tokens.add(token);
      return send(200, { access_token: token, expires_in: 3600, token_type: 'Bearer' });
    }
    if (req.method === 'POST' && req.url === '/v3/verifications/verify') {
      const auth = req.headers.authorization;
      requests.push({ path: req.url, body: JSON.parse(text || '{}'), auth });
      if (!auth?.startsWith('Bearer ') || !tokens.has(auth.slice(7))) return send(401, { Code: '401', Message: 'Authentication failed' });
      if (fail) { const status = fail; fail = undefined; return send(status, { Code: String(status), Message: status === 429 ? 'Rate limit exceeded' : 'Internal server error' }); }
      const body = JSON.parse(text) as { AcceptTruliooTermsAndConditions?: boolean; ConfigurationName?: string; CountryCode?: string; DataFields?: { PersonInfo?: Record<string, unknown>; Location?: Record<string, unknown> } };
      if (body.AcceptTruliooTermsAndConditions !== true) return send(400, { Code: '1001', Message: 'AcceptTruliooTermsAndConditions must be true' });
      if (!body.ConfigurationName || !body.CountryCode || !body.DataFields) return send(400, { Code: '1001', Message: 'Missing required field: ConfigurationName, CountryCode or DataFields' });
      const person = body.DataFields.PersonInfo ?? {};
      const location = body.DataFields.Location ?? {};
      const missing = [...REQUIRED.filter((f) => person[f] === undefined || person[f] === ''), ...LOCATION.filter((f) => location[f] === undefined && !(f === 'BuildingNumber' && location.BuildingName))];
      if (missing.length) {
        return send(200, { TransactionID: `tx-${++n}`, CountryCode: body.CountryCode, ProductName: body.ConfigurationName, Record: { RecordStatus: 'error', DatasourceResults: [], Errors: missing.map((f) => ({ Code: '1001', Message: `Missing required field: ${f}` })) }, Errors: [] });
      }
      const eq = (a: unknown, b: unknown) => String(a ?? '').toUpperCase().replace(/\s+/g, ' ').trim() === String(b ?? '').toUpperCase().replace(/\s+/g, ' ').trim();
      const street = [location.StreetName, location.StreetType].filter(Boolean).join(' ');
      const results = Object.entries(datasources).map(([name, people]) => {
        const found = people.find((p) => eq(p.FirstSurName, person.FirstSurName) && eq(p.FirstGivenName, person.FirstGivenName));
        const fields = found
          ? [
              ...REQUIRED.map((f) => ({ FieldName: f, Status: eq(found[f], person[f]) ? 'match' : 'nomatch' })),
              { FieldName: 'BuildingNumber', Status: eq(found.BuildingNumber, location.BuildingNumber) ? 'match' : 'nomatch' },
              { FieldName: 'StreetName', Status: eq(found.StreetName, street) ? 'match' : 'nomatch' },
              { FieldName: 'City', Status: eq(found.City, location.City) ? 'match' : 'nomatch' },
              { FieldName: 'PostalCode', Status: eq(found.PostalCode, location.PostalCode) ? 'match' : 'nomatch' },
            ]
          : [...REQUIRED, ...LOCATION].map((f) => ({ FieldName: f, Status: 'nomatch' }));
        return { DatasourceName: name, DatasourceFields: fields, AppendedFields: [], Errors: [], FieldGroups: [] };
      });
      const any = results.some((r) => r.DatasourceFields.some((f) => f.Status === 'match'));
      return send(200, {
        TransactionID: `tx-${++n}`, UploadedDt: new Date().toISOString(), CountryCode: body.CountryCode, ProductName: body.ConfigurationName,
        Record: { TransactionRecordID: `rec-${n}`, RecordStatus: any ? 'match' : 'nomatch', DatasourceResults: results, Errors: [], Rule: { RuleName: 'RuleScript - IdentityVerification', Note: '' } },
        Errors: [],
      });
    }
    send(404, { Code: '404', Message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`, requests, failNext: (status) => { fail = status; },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
