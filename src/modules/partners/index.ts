/** Partners: integrators with an API key for Enhanced Portal Insights (issue 9, DESIGN.md). */
export { createPartnersService, type PartnersService, type PartnerOut } from './partners.service.ts';
