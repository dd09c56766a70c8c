/**
 * Document and face engines for sandbox clients (docs/sandbox.md). The hosted flow, uploads, processing job,
 * report, events and review are the real ones; only *reading the images* is simulated: the sandbox "reads" a
 * passport whose data comes from the contact and the persona (the contact's last name). What follows is the
 * real code: the MRZ is composed with its check digits and parsed by the real parser, the document decision,
 * the spec's idscan fields and the face-match decision are the engines' own pure functions, so a sandbox
 * outcome is what the live engines would decide for such a document.
 */
import { createHash } from 'node:crypto';
import {
  checkDigit, decideDocument, documentFromMrz, parseMrz, toIdscan, type ContactForDocument, type DocumentService, type IdentityDocumentResult,
} from '../documents/index.ts';
import {
  actedAnalysis, decideFaceMatch, decideLiveCapture, DEFAULT_MATCH_POLICY, PAD_POLICY, verifyChipData,
  type CaptureSession, type FaceService, type ImageAnalysis, type LiveFrame, type SeenElsewhere,
} from '../biometrics/index.ts';
import { foldName } from '../eidv/index.ts';

/** Onboarding personas: the contact's last name (any case). Any other name is a valid passport and a matching face. */
export const ONBOARDING_PERSONAS: Record<string, { check: string; outcome: string }> = {
  LAPSED: { check: 'Onboarding document', outcome: 'the passport expired a month ago: document_decision REFER (DOC_EXPIRED), REPORT_IN_REVIEW' },
  SPECIMEN: { check: 'Onboarding document', outcome: 'an ICAO specimen passport (issuer UTO): document_decision ALERT, REPORT_IN_REVIEW' },
  STRANGER: { check: 'Onboarding document', outcome: 'the passport names another person: document_decision REFER (CONTACT_MISMATCH_NAME)' },
  LOOKALIKE: { check: 'Onboarding face match', outcome: 'the selfie is another person: face_match_decision FAILED (FACE_MISMATCH), REPORT_IN_REVIEW' },
  OUTAGE: { check: 'Onboarding processing', outcome: 'the engines fail: status ERROR and REPORT_ERROR after the retries' },
};

const personaOf = (contact?: ContactForDocument) => foldName(contact?.last_name ?? '');
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A-Z and `<` only, as the MRZ prints names. */
const mrzName = (value: string) => foldName(value.replace(/[\s-]+/g, ' ').trim().replace(/ /g, 'X')).replace(/X/g, '<');
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const digit = (text: string) => String(checkDigit(text) ?? 0);

/** A TD3 (passport) MRZ with correct check digits (ICAO 9303-4). */
export function composePassportMrz(p: { issuer: string; lastName: string; givenNames: string; number: string; nationality: string; birth: string; sex: 'M' | 'F' | '<'; expiry: string }): string[] {
  const names = `${mrzName(p.lastName)}<<${mrzName(p.givenNames)}`;
  const line1 = `P<${p.issuer}${names}`.padEnd(44, '<').slice(0, 44);
  const number = p.number.padEnd(9, '<').slice(0, 9);
  const optional = ''.padEnd(14, '<');
  const parts = [number + digit(number), p.nationality, yymmdd(p.birth) + digit(yymmdd(p.birth)), p.sex, yymmdd(p.expiry) + digit(yymmdd(p.expiry)), optional + digit(optional)];
  const composite = parts[0]! + parts[2]! + parts[4]! + parts[5]!;
  return [line1, parts.join('') + digit(composite)];
}

export function createSandboxDocumentService(deps: { minimumAge: number; now: () => Date; real: () => DocumentService }): DocumentService {
  async function checkIdentityDocument(input: { images: Buffer[]; contact?: ContactForDocument; today: string }): Promise<IdentityDocumentResult> {
    if (input.images.length === 0) throw new Error('at least one image is required');
    const persona = personaOf(input.contact);
    if (persona === 'OUTAGE') throw new Error('sandbox persona Outage: the document engine is unavailable');
    const c = input.contact ?? {};
    const number = `SBX${parseInt(createHash('sha256').update(`${c.first_name}|${c.last_name}`).digest('hex').slice(0, 8), 16) % 1_000_000}`.padEnd(9, '0');
    const lines = composePassportMrz({
      issuer: persona === 'SPECIMEN' ? 'UTO' : 'GBR',
      nationality: persona === 'SPECIMEN' ? 'UTO' : 'GBR',
      lastName: persona === 'STRANGER' ? 'ERIKSSON' : c.last_name || 'SANDBOX',
      givenNames: persona === 'STRANGER' ? 'ANNA MARIA' : [c.first_name, c.middle_name].filter(Boolean).join(' ') || 'TEST',
      number,
      birth: c.date_of_birth || '1985-04-12',
      sex: '<',
      expiry: persona === 'LAPSED' ? addDays(input.today, -30) : addDays(input.today, 5 * 365),
    });
    const mrz = parseMrz(lines, input.today)!;
    const document = documentFromMrz(mrz);
    const { decision, reasons } = decideDocument({ document, mrz, dvla: null, quality: [], viz: null, contact: input.contact, today: input.today, minimumAge: deps.minimumAge });
    return {
      document_type: document.document_type, mrz, extracted: document, driving_licence: null, viz: null, quality: [],
      images: input.images.map((_, index) => ({ index, mrz_found: index === 0, mrz_valid: index === 0 && mrz.valid, region: null, engine: null, attempts: 0 })),
      decision, reasons: [...reasons, { code: 'SANDBOX_PERSONA', severity: 'INFO', detail: 'sandbox client: the document was simulated from the contact, not read from the image' }],
      idscan: toIdscan(document, decision, deps.now().toISOString()),
    };
  }
  return {
    checkIdentityDocument,
    checkProofOfIdentity: checkIdentityDocument,
    // Never asked in practice (every image "reads" as a passport page, so the feedback needs no portrait search);
    // were it asked, nothing was looked for, and the feedback then does not complain.
    findCardPortrait: async () => ({ checked: false, found: false }),
    // Proofs of address are read for real (PDF text or OCR): the sandbox has nothing to simulate there.
    checkProofOfAddress: (input) => deps.real().checkProofOfAddress(input),
    close: async () => undefined,
  } as DocumentService;
}

/** One large, sharp, frontal face whose descriptor stands for a person. */
function faceOf(person: number): ImageAnalysis {
  const descriptor = Array.from({ length: 128 }, (_, i) => Math.sin((i + 1) * (person + 1)) * 0.08);
  return { width: 1000, height: 1000, faces: [{ box: { x: 300, y: 250, width: 400, height: 480 }, score: 0.99, landmarks: [], descriptor, sharpness: 40, rotation: 0, pad: 0 }] };
}

/**
 * Face engine for one sandbox contact: the real match decision over simulated analyses (the same person unless
 * the persona is Lookalike); selfie and liveness checks pass (their failures are shown with real photos).
 */
export function createSandboxFaceService(contactLastName: string): FaceService {
  const persona = foldName(contactLastName);
  return {
    async compare() {
      return decideFaceMatch(faceOf(0), faceOf(persona === 'LOOKALIKE' ? 1 : 0), DEFAULT_MATCH_POLICY);
    },
    compareAnalyses: (a: ImageAnalysis, b: ImageAnalysis) => decideFaceMatch(a, b, DEFAULT_MATCH_POLICY),
    analyze: async () => faceOf(0),
    analyzeUpright: async () => faceOf(0),
    async checkSelfie() {
      return { decision: 'PASSED', reasons: [], faces: 1, face_width: 400, sharpness: 40, eye_aspect_ratio: null, inter_eye_distance: null, yaw: 0, roll: 0, liveness: null };
    },
    // Simulated captures are bona fide: a sandbox contact is never suspected of a presentation attack.
    async assessPresentationAttack() {
      return { score: -1, threshold: 0, decision: 'PASSED', attack_suspected: false, enforced: PAD_POLICY.enforced, reasons: [], families: {}, detectors: [] };
    },
    async verifyActiveLiveness(frames: Buffer[], challenge: { type: 'turn_left' | 'turn_right' }) {
      const enough = frames.length >= 3;
      return { decision: enough ? 'PASSED' : 'FAILED', reasons: enough ? [] : ['TOO_FEW_FRAMES'], challenge: challenge.type, frames: frames.length, yaw: frames.map((_, i) => i * 15), min_similarity: 1 };
    },
    /**
     * A capture session: the sandbox acts each frame's prompt (synthetic landmarks, the descriptor's noise drawn
     * from the frame's hash so two sessions never look alike) and the real rules judge the acting, timing,
     * order and replay included.
     */
    async judgeLiveCapture(frames: LiveFrame[], session: CaptureSession, seen: SeenElsewhere) {
      const acted = frames.map((f, i) => {
        const action = f.step === 0 ? null : session.challenges[f.step - 1] ?? null;
        const last = frames[i + 1]?.step !== f.step;
        const open = action === 'blink' && last;
        return { seq: f.seq, step: f.step, received_ms: f.received_ms, sha256: f.sha256, analysis: actedAnalysis(open ? null : action, { identity: 1, salt: parseInt(f.sha256.slice(0, 8), 16) || 1, drift: (f.seq % 3) - 1 }) };
      });
      return decideLiveCapture(session, acted, seen);
    },
    // Real chip checks on the data sent (issue 22: MRZ, active authentication), the scripted face for the portrait.
    async verifyChip(data: Parameters<typeof verifyChipData>[0], trust: Parameters<typeof verifyChipData>[1], options?: string | Parameters<typeof verifyChipData>[2], selfie?: Buffer) {
      const { result } = await verifyChipData(data, trust as never, typeof options === 'string' ? { printedMrz: options } : (options ?? {}));
      return { ...result, face_match: selfie ? decideFaceMatch(faceOf(0), faceOf(persona === 'LOOKALIKE' ? 1 : 0), DEFAULT_MATCH_POLICY) : null };
    },
    close: async () => undefined,
  } as unknown as FaceService;
}
