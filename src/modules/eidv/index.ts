export { createEidvService, parseRegisterSpec, type EidvService, type EidvResult } from './eidv.service.ts';
export { SourceUnavailableError, type IdentitySource } from './sources/source.ts';
export { SANDBOX_PERSONAS } from './sources/sandbox.source.ts';
export type { VerifiedDocument } from './sources/document.source.ts';
export type { PersonQuery, SourceResult } from './domain/identity.ts';
export { foldName } from './domain/identity.ts';
export { decideIdentity } from './domain/decision.ts';
