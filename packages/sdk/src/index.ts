export { createKycClient, paginate, type KycClient, type Page, type Account, type Contact, type AmlReport, type Subscription, type Delivery, type WebhookEvent, type ReviewPending } from './client.ts';
export { KycApiError, KycAuthError, KycConflictError, KycNotFoundError, KycRateLimitError, KycValidationError, type Problem } from './errors.ts';
export { verifyWebhook, expressWebhook, fastifyWebhook, memoryDedupe, WebhookVerificationError, type KycWebhookEvent, type DedupeStore } from './webhooks.ts';
export type { components, paths } from './generated/openapi.ts';
