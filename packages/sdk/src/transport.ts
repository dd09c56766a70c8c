/**
 * The fetch the typed client runs on: bearer tokens fetched and cached until shortly before they expire,
 * an Idempotency-Key on every write (kept across retries, so a retry can never apply a write twice),
 * retries with exponential backoff and jitter for 429, 502, 503, 504 and network errors (honouring
 * Retry-After), and one token refresh on a 401.
 */
export interface TransportOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
  fetch?: typeof fetch;
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** Base delay of the exponential backoff in milliseconds (default 250). */
  backoffMs?: number;
  newIdempotencyKey?: () => string;
}

const RETRY_STATUS = new Set([429, 502, 503, 504]);
const WRITES = new Set(['POST', 'PUT', 'PATCH']);

export function createTransport(options: TransportOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const retries = options.retries ?? 3;
  const backoff = options.backoffMs ?? 250;
  const newKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
  let token: { value: string; expiresAt: number; tenant: string } | undefined;
  let pending: Promise<{ value: string; expiresAt: number; tenant: string }> | undefined;

  async function fetchToken() {
    const response = await doFetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: options.clientId, client_secret: options.clientSecret, scope: options.scope }),
    });
    const body = (await response.json()) as { access_token: string; expires_in: number } & Record<string, unknown>;
    if (!response.ok) throw Object.assign(new Error(`token request failed: ${response.status} ${String(body.detail ?? '')}`), { problem: body });
    const payload = JSON.parse(Buffer.from(body.access_token.split('.')[1]!, 'base64url').toString('utf8')) as { kyc_client: string };
    // Renew a minute early so a request never leaves with a token that expires on the way.
    return { value: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000, tenant: payload.kyc_client };
  }

  async function currentToken(force = false) {
    if (!force && token && token.expiresAt > Date.now()) return token;
    pending ??= fetchToken().finally(() => (pending = undefined));
    token = await pending;
    return token;
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const delay = (attempt: number, retryAfter: string | null) => {
    const seconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : undefined;
    return seconds ?? backoff * 2 ** attempt * (0.5 + Math.random());
  };

  const transportFetch = async (input: Request): Promise<Response> => {
    const method = input.method.toUpperCase();
    const headers = new Headers(input.headers);
    if (WRITES.has(method) && !headers.has('idempotency-key')) headers.set('idempotency-key', newKey());
    const body = input.body ? await input.arrayBuffer() : undefined;
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      headers.set('authorization', `Bearer ${(await currentToken()).value}`);
      let response: Response;
      try {
        response = await doFetch(input.url, { method, headers, body });
      } catch (error) {
        if (attempt >= retries) throw error;
        await sleep(delay(attempt, null));
        continue;
      }
      if (response.status === 401 && !refreshed) {
        refreshed = true;
        await currentToken(true);
        attempt--;
        continue;
      }
      if (RETRY_STATUS.has(response.status) && attempt < retries) {
        await sleep(delay(attempt, response.headers.get('retry-after')));
        continue;
      }
      return response;
    }
  };

  return { fetch: transportFetch, tenant: async () => (await currentToken()).tenant, base };
}
