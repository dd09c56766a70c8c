import createClient from 'openapi-fetch';
import type { components, paths } from './generated/openapi.ts';
import { toError, type Problem } from './errors.ts';
import { createTransport, type TransportOptions } from './transport.ts';

type Schemas = components['schemas'];
export type Account = Schemas['Account'];
export type Contact = Schemas['Contact'];
export type AmlReport = Schemas['AmlReport'];
export type Subscription = Schemas['Subscription'];
export type Delivery = Schemas['Delivery'];
export type WebhookEvent = Schemas['Event'];
type Body<P extends keyof paths, M extends 'post' | 'put' | 'patch'> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
export type AccountCreate = Body<'/clients/{clientId}/accounts', 'post'>;
export type AccountPatch = Body<'/clients/{clientId}/accounts/{accountId}', 'patch'>;
export type ContactInput = Body<'/clients/{clientId}/accounts/{accountId}/contacts', 'post'>;
export type ContactReplace = Body<'/clients/{clientId}/accounts/{accountId}/contacts/{contactId}', 'put'>;
export type SubscriptionCreate = Body<'/clients/{clientId}/subscriptions', 'post'>;
export type AmlReview = Body<'/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/aml/review', 'post'>;
export type OnboardingReport = Schemas['OnboardingReport'];
export type OnboardingTrigger = Body<'/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/onboarding', 'put'>;
export type OnboardingReview = Body<'/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/onboarding/review', 'post'>;
/** A review the client's second-reviewer rule kept as a proposal (202): nothing is recorded until a person approves it. */
export interface ReviewPending<R> {
  pending_approval: true;
  proposal: { proposal_id: string; proposal_revision: number; proposed_by: string };
  report: R;
}
export type EmailConnection = Body<'/clients/{clientId}/settings/email-connection', 'put'>;
export type PortalInsights = Schemas['PortalInsights'];
export type ScreeningSearch = Body<'/clients/{clientId}/screening/search', 'post'>;

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** Unwraps an openapi-fetch result: the data, or the problem as a typed exception. */
async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) {
    const problem = (error ?? {}) as Partial<Problem>;
    throw toError({ type: 'about:blank', title: response.statusText, detail: response.statusText, code: 'http_error', ...problem, status: response.status } as Problem);
  }
  return data as T;
}

/** Iterates every item of a cursor-paginated list. */
export async function* paginate<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.data;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

/**
 * The typed client. Every endpoint of the OpenAPI document is reachable through `raw` (paths and bodies
 * typed from it); the methods below cover the spec's sequence with plain arguments.
 */
export function createKycClient(options: TransportOptions) {
  const transport = createTransport(options);
  const raw = createClient<paths>({ baseUrl: transport.base, fetch: transport.fetch });
  const tenant = transport.tenant;
  const ifMatch = (revision?: string) => (revision ? { 'if-match': `"${revision}"` } : {});

  const accounts = {
    create: async (body: AccountCreate) => unwrap(raw.POST('/clients/{clientId}/accounts', { params: { path: { clientId: await tenant() } }, body })),
    get: async (accountId: string) => unwrap(raw.GET('/clients/{clientId}/accounts/{accountId}', { params: { path: { clientId: await tenant(), accountId } } })),
    list: async (query: { limit?: number; cursor?: string; type?: 'INDIVIDUAL' | 'COMPANY' } = {}) =>
      unwrap(raw.GET('/clients/{clientId}/accounts', { params: { path: { clientId: await tenant() }, query } })) as Promise<Page<Account>>,
    all: (query: { type?: 'INDIVIDUAL' | 'COMPANY' } = {}) => paginate((cursor) => accounts.list({ ...query, cursor, limit: 200 })),
    update: async (accountId: string, body: AccountPatch, options: { revision?: string } = {}) =>
      unwrap(raw.PATCH('/clients/{clientId}/accounts/{accountId}', { params: { path: { clientId: await tenant(), accountId }, header: ifMatch(options.revision) }, body })),
    /** Endpoint 10: enables (or refreshes) the client portal link. */
    sharePortal: (accountId: string, share = true) => accounts.update(accountId, { client_onboarding: { share_progress: share } }),
    /** Enhanced Portal Insights: each contact's tasks and link; needs a partner API key as well as the token. */
    portalInsights: async (accountId: string, partnerApiKey: string): Promise<PortalInsights> =>
      unwrap(raw.GET('/clients/{clientId}/accounts/{accountId}/portal/insights', { params: { path: { clientId: await tenant(), accountId }, header: { 'x-partner-api-key': partnerApiKey } } })),
    delete: async (accountId: string) =>
      unwrap(raw.DELETE('/clients/{clientId}/accounts/{accountId}', { params: { path: { clientId: await tenant(), accountId }, header: {} } })),
  };

  const contacts = {
    create: async (accountId: string, body: ContactInput) =>
      unwrap(raw.POST('/clients/{clientId}/accounts/{accountId}/contacts', { params: { path: { clientId: await tenant(), accountId } }, body })),
    get: async (accountId: string, contactId: string) =>
      unwrap(raw.GET('/clients/{clientId}/accounts/{accountId}/contacts/{contactId}', { params: { path: { clientId: await tenant(), accountId, contactId } } })),
    list: async (accountId: string, query: { limit?: number; cursor?: string } = {}) =>
      unwrap(raw.GET('/clients/{clientId}/accounts/{accountId}/contacts', { params: { path: { clientId: await tenant(), accountId }, query } })) as Promise<Page<Contact>>,
    /** Endpoint 4 replaces the whole record: read it, change what you need, send it all back. */
    replace: async (accountId: string, contactId: string, body: ContactReplace, options: { revision?: string } = {}) =>
      unwrap(raw.PUT('/clients/{clientId}/accounts/{accountId}/contacts/{contactId}', {
        params: { path: { clientId: await tenant(), accountId, contactId }, header: ifMatch(options.revision) }, body,
      })),
    /** Read, merge and full replace in one call, guarded by the revision it read (spec endpoint rule 3). */
    merge: async (accountId: string, contactId: string, changes: Partial<ContactReplace>) => {
      const current = await contacts.get(accountId, contactId);
      return contacts.replace(accountId, contactId, { ...(current as ContactReplace), ...changes }, { revision: current.revision });
    },
    delete: async (accountId: string, contactId: string) =>
      unwrap(raw.DELETE('/clients/{clientId}/accounts/{accountId}/contacts/{contactId}', { params: { path: { clientId: await tenant(), accountId, contactId }, header: {} } })),
  };

  const aml = {
    trigger: async (accountId: string, contactId: string, config: { ttl_in_days?: number; is_automatic_refresh_enabled?: boolean } = {}) =>
      unwrap(raw.PUT('/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/aml', { params: { path: { clientId: await tenant(), accountId, contactId } }, body: { config } })),
    get: async (accountId: string, contactId: string) =>
      unwrap(raw.GET('/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/aml', { params: { path: { clientId: await tenant(), accountId, contactId } } })),
    /** The report with its review, or (the client's second reviewer for ALERT, 202) the proposal waiting for a person. */
    review: async (accountId: string, contactId: string, body: AmlReview): Promise<AmlReport | ReviewPending<AmlReport>> =>
      unwrap(raw.POST('/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/aml/review', { params: { path: { clientId: await tenant(), accountId, contactId } }, body })),
  };

  const onboardingPath = '/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/onboarding' as const;
  const onboarding = {
    /** Endpoint 5: asks the contact for what `config.parameters` names; the answer has `data.onboarding_url`. */
    trigger: async (accountId: string, contactId: string, config: OnboardingTrigger['config']): Promise<OnboardingReport> =>
      unwrap(raw.PUT(onboardingPath, { params: { path: { clientId: await tenant(), accountId, contactId } }, body: { config } })),
    /** Endpoint 6. */
    get: async (accountId: string, contactId: string): Promise<OnboardingReport> =>
      unwrap(raw.GET(onboardingPath, { params: { path: { clientId: await tenant(), accountId, contactId } } })),
    /** The report with its review, or (the client's second reviewer for ALERT, 202) the proposal waiting for a person. */
    review: async (accountId: string, contactId: string, body: OnboardingReview): Promise<OnboardingReport | ReviewPending<OnboardingReport>> =>
      unwrap(raw.POST('/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/onboarding/review', { params: { path: { clientId: await tenant(), accountId, contactId } }, body })),
    invitations: async (accountId: string, contactId: string) =>
      unwrap(raw.GET('/clients/{clientId}/accounts/{accountId}/contacts/{contactId}/reports/onboarding/invitations', { params: { path: { clientId: await tenant(), accountId, contactId } } })),
  };

  const settings = {
    /** The SMTP connection for invitation mail (the password is stored encrypted and never returned). */
    setEmailConnection: async (body: EmailConnection) =>
      unwrap(raw.PUT('/clients/{clientId}/settings/email-connection', { params: { path: { clientId: await tenant() } }, body })),
    emailConnection: async () => unwrap(raw.GET('/clients/{clientId}/settings/email-connection', { params: { path: { clientId: await tenant() } } })),
    /** The sites (https origins) whose pages may embed the hosted flow with the web SDK (packages/web-sdk). */
    setEmbedOrigins: async (allowed_origins: string[]) =>
      unwrap(raw.PUT('/clients/{clientId}/embedding', { params: { path: { clientId: await tenant() } }, body: { allowed_origins } })),
    embedding: async () => unwrap(raw.GET('/clients/{clientId}/embedding', { params: { path: { clientId: await tenant() } } })),
  };

  const screening = {
    /** Screens one name ad hoc against the loaded sanctions and PEP lists (nothing is stored on a contact). */
    search: async (body: ScreeningSearch) => unwrap(raw.POST('/clients/{clientId}/screening/search', { params: { path: { clientId: await tenant() } }, body })),
    /** The loaded list versions and the state of each download source. */
    lists: async () => unwrap(raw.GET('/clients/{clientId}/screening/lists', { params: { path: { clientId: await tenant() } } })),
  };

  const sandbox = {
    /** The catalogue of sandbox personas (public; no token needed). */
    personas: async () => unwrap(raw.GET('/sandbox/personas', {})),
    /** Sandbox links only: a scripted contact answers every step of the flow behind `onboardingUrl` and submits it. */
    completeFlow: async (onboardingUrl: string) => {
      const token = onboardingUrl.split('/verify/')[1]?.split(/[?#]/)[0] ?? onboardingUrl;
      return unwrap(raw.POST('/sandbox/verify/{token}/complete', { params: { path: { token } } }));
    },
  };

  const subscriptions = {
    create: async (body: SubscriptionCreate) => unwrap(raw.POST('/clients/{clientId}/subscriptions', { params: { path: { clientId: await tenant() } }, body })),
    list: async (query: { limit?: number; cursor?: string } = {}) =>
      unwrap(raw.GET('/clients/{clientId}/subscriptions', { params: { path: { clientId: await tenant() }, query } })) as Promise<Page<Subscription>>,
    get: async (subscriptionId: string) =>
      unwrap(raw.GET('/clients/{clientId}/subscriptions/{subscriptionId}', { params: { path: { clientId: await tenant(), subscriptionId } } })),
    delete: async (subscriptionId: string) =>
      unwrap(raw.DELETE('/clients/{clientId}/subscriptions/{subscriptionId}', { params: { path: { clientId: await tenant(), subscriptionId } } })),
    test: async (subscriptionId: string) =>
      unwrap(raw.POST('/clients/{clientId}/subscriptions/{subscriptionId}/test', { params: { path: { clientId: await tenant(), subscriptionId } } })),
    deliveries: async (subscriptionId: string, query: { limit?: number; cursor?: string; status?: 'PENDING' | 'DELIVERED' | 'FAILED' } = {}) =>
      unwrap(raw.GET('/clients/{clientId}/subscriptions/{subscriptionId}/deliveries', { params: { path: { clientId: await tenant(), subscriptionId }, query } })) as Promise<Page<Delivery>>,
    delivery: async (subscriptionId: string, deliveryId: string) =>
      unwrap(raw.GET('/clients/{clientId}/subscriptions/{subscriptionId}/deliveries/{deliveryId}', { params: { path: { clientId: await tenant(), subscriptionId, deliveryId } } })),
    redeliver: async (subscriptionId: string, deliveryId: string) =>
      unwrap(raw.POST('/clients/{clientId}/subscriptions/{subscriptionId}/deliveries/{deliveryId}/redeliver', { params: { path: { clientId: await tenant(), subscriptionId, deliveryId } } })),
  };

  const events = {
    list: async (query: { limit?: number; cursor?: string } = {}) =>
      unwrap(raw.GET('/clients/{clientId}/events', { params: { path: { clientId: await tenant() }, query } })) as Promise<Page<WebhookEvent>>,
    /** Every event after `cursor`: catch up after an outage. */
    since: (cursor?: string) => paginate((c) => events.list({ cursor: c ?? cursor, limit: 200 })),
  };

  const credits = {
    get: async () => unwrap(raw.GET('/clients/{clientId}/credits', { params: { path: { clientId: await tenant() }, query: {} } })),
  };

  return { raw, tenant, accounts, contacts, aml, onboarding, settings, subscriptions, events, credits, screening, sandbox };
}

export type KycClient = ReturnType<typeof createKycClient>;
