export { createAuditService, type AuditService, type AuditInput } from './audit.service.ts';
export { verifyChain, type ChainedEntry } from './domain/chain.ts';
