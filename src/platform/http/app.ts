import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';
import type { FieldError } from './errors.ts';
import { frameworkErrorHandler, installProblemHandlers } from './problem.ts';
import { createValidatorCompiler } from './validation.ts';
import { BODY_OPTIONAL, Problem } from './schemas.ts';
import type { Metrics } from '../metrics.ts';
import type { SharedRateLimit } from './rate-limit/shared-store.ts';
import { logSerializers } from './log-redaction.ts';
import { lazySerializers } from './lazy-serializers.ts';

export type App = FastifyInstance<any, any, any, any, TypeBoxTypeProvider>;

/** Who is calling: set by the authentication hook on every non-public route. */
export interface RequestAuth {
  clientId: string;
  credentialId: string;
  scopes: Set<string>;
  sandbox: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: RequestAuth;
    rawBody?: string;
  }
  interface FastifyContextConfig {
    /** Routes are private unless they say otherwise. */
    public?: boolean;
    /** OAuth scope the token must carry. */
    scope?: string;
    /** Audit action recorded for every successful call (reads of personal data, changes). */
    audit?: string;
    /**
     * The body's rules beyond its schema (a required e-mail, a date that exists), also run when the schema
     * refuses the body so that every bad field is told at once (problem.ts). Must take any JSON value.
     */
    bodyChecks?: (body: unknown) => FieldError[];
  }
}

export interface AppOptions {
  config: Config;
  metrics: Metrics;
  /** Records an audited route's successful call; ids from the path are its subject. */
  audit?: (entry: { client_id: string; actor: string; action: string; subject: string; details: Record<string, unknown> }) => void;
  authenticate: (request: FastifyRequest) => Promise<RequestAuth>;
  logger?: boolean;
  /** Where log lines go (tests read them); unset: standard output. */
  logStream?: { write(line: string): void };
  /** Counters shared by every API process (PostgreSQL); unset: this process's memory, as on the embedded database. */
  sharedRateLimit?: SharedRateLimit;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
// Public routes whose answers carry personal data: the console's JSON API and the secret-link pages' APIs.
const PERSONAL_PUBLIC = /^\/(console\/api|verify|portal|sandbox\/verify)\//;
const UNMETERED = /^\/(healthz|readyz|metrics|docs|openapi\.json|asyncapi\.json|problems\/|\.well-known\/|sandbox\/personas)/;

export async function createApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // No personal data or secrets in logs: no bodies, no query strings (they may hold search terms), no
            // link tokens in paths (log-redaction.ts), no credentials.
            serializers: logSerializers,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-partner-api-key"]'],
          },
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
    trustProxy: false,
    return503OnClosing: true,
    // The router's own refusals (a bad %-escape, an over-long path segment) are problems like every other answer.
    frameworkErrors: frameworkErrorHandler(config.publicUrl),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(createValidatorCompiler());
  app.addSchema(Problem);
  installProblemHandlers(app, config.publicUrl);

  // JSON bodies: keep the raw text (idempotency compares it) and answer malformed JSON with a clear 400.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'application/problem+json'], { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    if (text.trim() === '') return done(new AppError('malformed_json', 'The body is empty but Content-Type is application/json'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(new AppError('malformed_json', `The body is not valid JSON: ${(error as Error).message.replace(/"[^"]*"/g, '…')}`), undefined);
    }
  });
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    options.metrics.requestStarted(request);
    const routeConfig = request.routeOptions.config;
    if (routeConfig?.public || request.routeOptions.url === undefined) return;
    const auth = await options.authenticate(request);
    request.auth = auth;
    if (routeConfig?.scope && !auth.scopes.has(routeConfig.scope)) {
      throw new AppError('forbidden', `The access token lacks the scope ${routeConfig.scope}`);
    }
    // Tenant isolation at the door: another client's path is answered exactly as a missing record.
    const params = request.params as { clientId?: string } | undefined;
    if (params?.clientId !== undefined && params.clientId !== auth.clientId) throw new AppError('not_found', 'Resource not found');
  });
  // Answers with personal data are never stored by a browser or a proxy: every authenticated API answer and the
  // public APIs behind a session or a secret link. A handler that chose its own Cache-Control keeps it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && (request.auth || PERSONAL_PUBLIC.test(request.url))) reply.header('cache-control', 'no-store');
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    options.metrics.requestEnded(request, reply);
    const action = request.routeOptions.config?.audit;
    if (action && request.auth && reply.statusCode < 400 && options.audit) {
      const params = (request.params ?? {}) as Record<string, string>;
      // A create has no id in its path: its Location names what it made.
      const location = String(reply.getHeader('location') ?? '').replace(/^\/clients\/[^/]+\//, '');
      const subject = Object.entries(params).filter(([k]) => k !== 'clientId').map(([, v]) => v).join('/') || location;
      options.audit({ client_id: request.auth.clientId, actor: `api:${request.auth.credentialId}`, action, subject, details: { method: request.method, status: reply.statusCode, request_id: request.id } });
    }
  });

  if (options.sharedRateLimit) app.addHook('onClose', () => options.sharedRateLimit!.close());
  await app.register(rateLimit, {
    ...(options.sharedRateLimit ? { store: options.sharedRateLimit.Store } : {}),
    global: true,
    hook: 'preHandler',
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    enableDraftSpec: true,
    keyGenerator: (request) => (request.auth ? `client:${request.auth.clientId}` : `ip:${request.ip}`),
    // Public pages and documents are free; everything else (tokens, the hosted flow's uploads) is counted per IP.
    allowList: (request) => UNMETERED.test(request.url),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Rate limit of ${context.max} requests per minute exceeded; retry after ${context.after}`, {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });

  await app.register(swagger, {
    // Shared schemas keep their own names (Contact, Account, Problem) in components.schemas.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Client Onboarding, Identity Verification and AML Screening API',
        version: '1.0.0',
        description:
          'Accounts, contacts, onboarding and AML reports, webhooks. Every error is RFC 9457 problem+json. ' +
          'Authenticate with an OAuth 2.0 client-credentials token from POST /oauth/token.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          partnerKey: { type: 'apiKey', in: 'header', name: 'X-Partner-Api-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transformObject: (document) => ('openapiObject' in document ? markOptionalBodies(document.openapiObject as OpenApiDocument) : document.swaggerObject),
  });
  app.addHook('onRoute', (route) => {
    // The reference pages are public like the document they show.
    if (route.url.startsWith('/docs')) route.config = { ...(route.config ?? {}), public: true };
    if (route.config?.public && route.schema) (route.schema as Record<string, unknown>).security = [];
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  return app;
}

type OpenApiDocument = { paths?: Record<string, Record<string, { requestBody?: { required?: boolean }; [BODY_OPTIONAL]?: boolean }>> };

/** Route schemas marked `[BODY_OPTIONAL]` (schemas.ts): their body is not required in the document. */
function markOptionalBodies(document: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (!operation[BODY_OPTIONAL]) continue;
      if (operation.requestBody) operation.requestBody.required = false;
      delete operation[BODY_OPTIONAL];
    }
  }
  return document;
}
