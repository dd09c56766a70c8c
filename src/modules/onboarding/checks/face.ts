import type { FaceMatchResult, LiveCaptureResult } from '../../biometrics/index.ts';
import type { LivenessRecord } from '../liveness.service.ts';
import type { Run } from './run.ts';

/**
 * The face match and liveness check: the spec's face_match_decision is PASSED only when the face matches the
 * document, the face came from a live capture session that passed (issue 21, ADR 0110), and the attack checks
 * pass. The face compared with the document is the session's own selfie frame (the sharpest neutral frame),
 * not a file: an uploaded selfie is only checked to be the same person.
 */
export async function checkFace(r: Run, front: Buffer | undefined, selfie: Buffer | undefined): Promise<'PASSED' | 'FAILED'> {
  const capture = await r.capture();
  if (!capture) {
    // Frames uploaded as files (an older page's liveness_1..3 slots, or nothing at all) are never live.
    r.reasons.push('LIVENESS_FAILED', 'LIVENESS_NOT_CAPTURED');
    r.details.liveness = { decision: 'FAILED', reasons: ['LIVENESS_NOT_CAPTURED'], uploaded_files_ignored: r.legacyLivenessFiles };
    if (front && selfie) r.details.face_match = { ...(await r.faces.compare(front, selfie)), probe: 'uploaded_selfie' };
    else r.reasons.push('FACE_NOT_COMPARED');
    return 'FAILED';
  }
  const { record } = capture;
  const live = record.result;
  const selfieFrame = record.frames.find((f) => f.seq === live.selfie_frame);
  const probe = selfieFrame ? await capture.frame(selfieFrame.storage_key) : undefined;
  r.details.liveness = livenessDetails(record);

  let match: FaceMatchResult | undefined;
  if (!front || !probe) r.reasons.push('FACE_NOT_COMPARED');
  else {
    match = await r.faces.compare(front, probe);
    r.details.face_match = { ...match, probe: 'live_frame', frame: selfieFrame!.seq };
    r.reasons.push(...match.reasons.map((x) => `FACE_${String(x)}`.replace(/^FACE_FACE_/, 'FACE_')));
    if (match.decision !== 'PASSED' && !r.reasons.includes('FACE_MISMATCH')) r.reasons.push('FACE_MISMATCH');
  }
  if (live.decision !== 'PASSED') r.reasons.push('LIVENESS_FAILED', ...live.reasons);

  // The uploaded selfie (the chip portrait is compared with it) must show the person who was live.
  let selfieIsLivePerson = true;
  if (selfie && probe) {
    const same = await r.faces.compare(probe, selfie);
    r.details.selfie_vs_live = { similarity: same.similarity, threshold: same.threshold, decision: same.decision };
    if (same.decision !== 'PASSED') {
      selfieIsLivePerson = false;
      r.reasons.push('SELFIE_NOT_LIVE_PERSON');
    }
  }
  const attack = probe ? await passiveAttackCheck(r, probe) : 'PASSED';
  return match?.decision === 'PASSED' && live.decision === 'PASSED' && attack === 'PASSED' && selfieIsLivePerson ? 'PASSED' : 'FAILED';
}

/**
 * Passive presentation-attack detection on the live frame compared with the document (issue 21 point 2): the
 * species detectors (print halftone, screen pixel grid, cut-out edge; ADR 0204) decide when the evaluation
 * enforced them (ADR 0208), and every flag is reported with the signals against their thresholds. The selfie
 * check's own spoof score (Human's model) is still reported, and decides only when configured to.
 */
async function passiveAttackCheck(r: Run, frame: Buffer): Promise<'PASSED' | 'FAILED'> {
  // One face detection for both checks.
  const analysis = await r.faces.analyze(frame);
  const [selfie, pad] = [await r.faces.checkSelfie(frame, analysis), await r.faces.assessPresentationAttack(frame, analysis)];
  r.details.passive_liveness = selfie.liveness ?? null;
  r.details.presentation_attack = pad;
  const spoofed = selfie.reasons.includes('SPOOF_SUSPECTED');
  const attacked = pad.decision === 'FAILED';
  if (spoofed || attacked) r.reasons.push('LIVENESS_SPOOF_SUSPECTED', ...(attacked ? pad.reasons.filter((x) => x !== 'PAD_NO_FACE') : []));
  return spoofed || attacked ? 'FAILED' : 'PASSED';
}

/** What the reviewer sees of the session: challenges asked and met, scores against thresholds, each frame's measures. */
function livenessDetails(record: LivenessRecord): Omit<LiveCaptureResult, 'key_descriptors'> & Pick<LivenessRecord, 'session_id' | 'started_at' | 'expires_at' | 'finished_at' | 'camera'> {
  const { key_descriptors: _descriptors, ...result } = record.result;
  return { session_id: record.session_id, started_at: record.started_at, expires_at: record.expires_at, finished_at: record.finished_at, camera: record.camera, ...result };
}
