import type { ChipAuthSession, ChipData, ChipResult, ChipVerifyOptions, TrustStore } from '../../biometrics/index.ts';
import { parseChipUpload } from '../domain/chip-upload.ts';
import type { Run } from './run.ts';

export interface ChipCheckInput {
  selfie: Buffer | undefined;
  /** The MRZ read from the photographed document by the document check (lines joined), null when none was read. */
  documentMrz: string | null;
  trustStore: () => Promise<TrustStore>;
  /** Whether the chip upload used (consumed) this challenge when it was stored: issued for this run, unexpired, once. */
  challengeUsed: (challenge: string) => Promise<boolean>;
  /** The chip authentication session of this challenge, if the chip upload used it when it was stored (ADR 0198). */
  chipAuthSession: (challenge: string) => Promise<ChipAuthSession | null>;
}

export interface ChipOutcome {
  passed: boolean;
  /** The chip portrait against the selfie; null when they could not be compared. */
  faceMatch: 'PASSED' | 'FAILED' | null;
}

/**
 * The chip read by the mobile reader (face_match_mobile), bound to the document and the person (issue 22): passive
 * authentication with the CSCA of DG1's issuing state, DG1 equal to the MRZ on the photographed document, active
 * authentication on a challenge this server issued, chip authentication when the reader answered a session of this
 * server, and the DG2 portrait matched with the selfie. Anything short of that is CHIP_NOT_VERIFIED with the
 * reasons, which sends the report to review (domain/decision.ts). Chip authentication verified on a DG14 the issuer
 * signed adds CHIP_CA_VERIFIED; a chip that has it and did not answer keeps the warning CA_NOT_VERIFIED in `details.chip`.
 */
export async function checkChip(r: Run, input: ChipCheckInput): Promise<ChipOutcome | undefined> {
  const raw = await r.read('chip');
  if (!raw) return undefined;
  let parsed: ReturnType<typeof parseChipUpload>;
  try {
    parsed = parseChipUpload(JSON.parse(raw.toString('utf8')));
  } catch {
    parsed = { errors: [{ pointer: '', message: 'not JSON' }] };
  }
  const upload = parsed.upload;
  if (!upload) {
    r.details.chip = { passed: false, errors: parsed.errors };
    r.reasons.push('CHIP_NOT_VERIFIED', 'CHIP_DATA_INVALID');
    return { passed: false, faceMatch: null };
  }
  const { 1: dg1, 2: dg2, 14: dg14, 15: dg15, ...other } = upload.dataGroups;
  const data: ChipData = { sod: upload.sod, dg1, dg2, dg14, dg15, other };
  const aa = upload.activeAuthentication;
  const ca = upload.chipAuthentication;
  const options: ChipVerifyOptions = {
    printedMrz: input.documentMrz ?? undefined,
    now: new Date(`${r.today}T12:00:00Z`),
    requireActiveAuthentication: true,
    chipAuthenticationAsserted: upload.chipAuthenticationAsserted ?? undefined,
    chipAuth: ca ? { session: await input.chipAuthSession(ca.challenge), responses: ca.responses } : undefined,
    activeAuth: aa ? { challenge: new Uint8Array(Buffer.from(aa.challenge, 'hex')), signature: aa.signature, challengeValid: await input.challengeUsed(aa.challenge) } : undefined,
  };
  const result = await r.faces.verifyChip(data, await input.trustStore(), options, input.selfie);
  r.details.chip = result;
  const reasons = result.reasons.map((x) => `CHIP_${String(x)}`);
  // Without the photographed document's MRZ the chip is not bound to the document in hand.
  if (input.documentMrz === null) reasons.push('CHIP_MRZ_NOT_COMPARED');
  const faceMatch = result.face_match ? (result.face_match.decision === 'PASSED' ? 'PASSED' : 'FAILED') : null;
  // A mismatch only when the faces were compared and differ; no face, several faces or too poor a photo on either
  // side is "not compared" (still a failure), so the reviewer is not told the chip holds someone else.
  if (faceMatch === 'FAILED') reasons.push(result.face_match!.reasons.includes('FACE_MISMATCH') ? 'CHIP_FACE_MISMATCH' : 'CHIP_FACE_NOT_COMPARED');
  if (faceMatch === null) reasons.push('CHIP_FACE_NOT_COMPARED');
  const passed = reasons.length === 0;
  r.reasons.push(...(passed ? ['CHIP_AUTHENTIC'] : ['CHIP_NOT_VERIFIED', ...reasons]));
  if (chipAuthenticationProvesGenuineChip(result)) r.reasons.push('CHIP_CA_VERIFIED');
  return { passed, faceMatch };
}

/**
 * Chip authentication shows that the chip holds the private key of DG14's public key. That says "a genuine chip,
 * not a copy of its files" only when DG14 itself is the issuer's: its hash in a security object whose signature
 * verifies under a trusted CSCA. Anyone can make a chip with their own key, DG14 and self-made signer, and answer
 * the protocol; so without that chain the reason is not given (the protocol's own result stays in details.chip).
 */
function chipAuthenticationProvesGenuineChip(result: ChipResult): boolean {
  return result.chip_authentication.verified === true && result.signature_valid === true && result.chain_valid === true
    && result.data_groups.some((d) => d.number === 14 && d.hash_matches === true);
}
