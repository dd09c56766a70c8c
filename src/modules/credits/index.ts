export { createCreditsService, registerCreditRoutes, PRICES, type CreditsService, type SpendOutcome } from './credits.service.ts';
