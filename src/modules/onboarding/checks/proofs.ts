import type { FileRow } from '../onboarding.repo.ts';
import { person, type Run } from './run.ts';

/**
 * Proof of identity and proof of address, each read and matched to the contact. Uploads are stored as JPEG
 * (photos, PNG included, are re-encoded on upload) or PDF; both kinds are read, none skipped: a PDF proof of
 * identity through the page scans it carries (a PDF with no scan in it is reported unreadable, REFER).
 */
export async function checkProofs(r: Run, files: Map<string, FileRow>) {
  const proofOfIdentity = await r.read('proof_of_identity');
  if (proofOfIdentity) {
    const mediaType = files.get('proof_of_identity')?.media_type ?? 'unknown';
    const result = await r.documents.checkProofOfIdentity({ images: [proofOfIdentity], contact: person(r.contact), today: r.today });
    r.details.proof_of_identity = { decision: result.decision, document_type: result.document_type, reasons: result.reasons, media_type: mediaType };
    if (result.decision !== 'PASSED') r.reasons.push(`PROOF_OF_IDENTITY_${result.decision}`);
  }
  const proofOfAddress = await r.read('proof_of_address');
  if (proofOfAddress) {
    const address = r.answers.personal_details?.address;
    const result = await r.documents.checkProofOfAddress({
      file: proofOfAddress, today: r.today,
      contact: { ...person(r.contact), primary_address: address ? { street: address.street, postcode: address.postcode, city: address.city } : r.contact.primary_address },
    });
    r.details.proof_of_address = {
      decision: result.decision, reasons: result.reasons, name_found: result.name_found, address: result.address, issue_date: result.issue_date,
      kind: result.kind, issuer: result.issuer, evidence: result.evidence, source: result.source,
    };
    if (result.decision !== 'PASSED') r.reasons.push(`PROOF_OF_ADDRESS_${result.decision}`);
  }
}
