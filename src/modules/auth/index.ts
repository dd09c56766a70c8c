/**
 * Tenants (clients), their API credentials and the OAuth token endpoint. The only file other modules and the
 * composition root import; other modules read the clients table through `clientReads`.
 */
export { createTokenService, type TokenService, type TokenRequest } from './token.service.ts';
export { createClientsService, type ClientsService } from './clients.service.ts';
export { registerAuthRoutes, WRONG_SECRETS_PER_MINUTE } from './auth.routes.ts';
export { clientReads } from './clients.repo.ts';
export { SCOPES, type Scope } from './scopes.ts';
