export { createWebhooksService, type WebhooksService } from './webhooks.service.ts';
export { registerWebhookRoutes } from './webhooks.routes.ts';
export { createWebhookDispatcher, type WebhookDispatcher } from './dispatcher.ts';
export { createHttpSender, type HttpSender } from './http-sender.ts';
export { signedHeaders } from './signing.ts';
export { SubscriptionCreateBody } from './webhooks.schemas.ts';
