export { createAccountsService, type AccountsService, type AccountCreated, type EndOutcome, type EndReason, type OutstandingRequests, type RelationshipEnd } from './accounts.service.ts';
export { registerAccountRoutes } from './accounts.routes.ts';
export { missingForAml, type ContactData } from './domain/contact.ts';
export type { ContactOut, AccountOut } from './accounts.schemas.ts';
