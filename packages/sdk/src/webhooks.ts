import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export { WebhookVerificationError };

export interface KycWebhookEvent {
  id: string;
  event: string;
  entity: 'ACCOUNT' | 'CONTACT' | null;
  report_type: 'ONBOARDING' | 'AML' | null;
  client_id: string;
  account_id: string;
  contact_id: string | null;
  report_id: string | null;
  revision: string | null;
  occurred_at: string;
  environment: 'live' | 'sandbox';
}

type HeaderBag = Record<string, string | string[] | undefined> | Headers;

function headerRecord(headers: HeaderBag): Record<string, string> {
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  return Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(' ') : v!]));
}

/**
 * Verifies a delivery's Standard Webhooks signature against the raw body (not a re-serialised object) and
 * rejects timestamps more than 5 minutes from now. Throws WebhookVerificationError; returns the event.
 */
export function verifyWebhook(headers: HeaderBag, rawBody: string | Buffer, secret: string): KycWebhookEvent {
  const wh = secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(secret, { format: 'raw' });
  return wh.verify(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'), headerRecord(headers)) as KycWebhookEvent;
}

/** Remembers delivered webhook-ids so a duplicate delivery is acknowledged but not processed twice. */
export interface DedupeStore {
  /** True when the id was new (and is now remembered). */
  claim(id: string): boolean | Promise<boolean>;
}

export function memoryDedupe(max = 10_000): DedupeStore {
  const seen = new Set<string>();
  return {
    claim(id) {
      if (seen.has(id)) return false;
      seen.add(id);
      if (seen.size > max) seen.delete(seen.values().next().value!);
      return true;
    },
  };
}

export interface HandlerOptions {
  secret: string;
  onEvent: (event: KycWebhookEvent) => void | Promise<void>;
  dedupe?: DedupeStore;
}

async function handle(options: HandlerOptions, dedupe: DedupeStore, headers: HeaderBag, raw: string | Buffer): Promise<{ status: number; body: string }> {
  let event: KycWebhookEvent;
  try {
    event = verifyWebhook(headers, raw, options.secret);
  } catch {
    return { status: 400, body: 'invalid signature' };
  }
  if (!(await dedupe.claim(event.id))) return { status: 200, body: 'duplicate' };
  await options.onEvent(event);
  return { status: 204, body: '' };
}

/**
 * Express middleware. Mount it with the raw body: `app.post('/hooks', express.raw({ type: 'application/json' }), expressWebhook({...}))`.
 * Answers 204 once processed, 200 for a duplicate, 400 for a bad signature or an old timestamp.
 */
export function expressWebhook(options: HandlerOptions) {
  const dedupe = options.dedupe ?? memoryDedupe();
  return async (req: { headers: HeaderBag; body: unknown }, res: { status(code: number): { send(body: string): unknown } }, next: (error?: unknown) => void) => {
    try {
      const raw = Buffer.isBuffer(req.body) || typeof req.body === 'string' ? req.body : undefined;
      if (raw === undefined) return void res.status(400).send('mount express.raw() before this middleware: the signature covers the raw body');
      const result = await handle(options, dedupe, req.headers, raw);
      res.status(result.status).send(result.body);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A Fastify plugin that receives webhooks at `path` with the raw body kept for verification.
 * `app.register(fastifyWebhook, { path: '/hooks', secret, onEvent })`.
 */
export async function fastifyWebhook(
  app: {
    register: (plugin: (scope: never) => Promise<void>) => unknown;
  },
  options: HandlerOptions & { path: string },
) {
  const dedupe = options.dedupe ?? memoryDedupe();
  await app.register(async (scope: {
    addContentTypeParser: (type: string, opts: { parseAs: 'string' }, fn: (req: unknown, body: string, done: (err: null, body: string) => void) => void) => void;
    post: (path: string, handler: (request: { headers: HeaderBag; body: string }, reply: { code(c: number): { send(b: string): unknown } }) => Promise<unknown>) => void;
  }) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post(options.path, async (request, reply) => {
      const result = await handle(options, dedupe, request.headers, request.body);
      return reply.code(result.status).send(result.body);
    });
  });
}
