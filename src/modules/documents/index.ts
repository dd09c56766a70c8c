/** What other modules use of the documents module. */
export { createDocumentService, type DocumentService, type DocumentServiceConfig, type IdentityDocumentResult, type ProofOfAddressContact } from './documents.service.ts';
export type { ContactForDocument, Reason, Severity } from './domain/decision.ts';
export type { DocumentDecision, DocumentType, ExtractedDocument, IdscanFields } from './domain/extracted.ts';
export type { ProofOfAddressResult } from './domain/proof-of-address.ts';
export type { TextRecogniser } from './ocr.ts';
// The pure rules the sandbox's simulated engine composes (so a sandbox outcome is what the live engine decides).
export { checkDigit } from '../../platform/domain/mrz-check-digit.ts';
export { decideDocument } from './domain/decision.ts';
export { documentFromMrz, toIdscan } from './domain/extracted.ts';
export { parseMrz } from './domain/mrz-parse.ts';
