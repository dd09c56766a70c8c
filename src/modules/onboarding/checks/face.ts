import type { Run } from './run.ts';

/**
 * The face match and liveness check: the spec's face_match_decision is PASSED only when the selfie matches the
 * document AND it came from a live person (ADR 0042).
 */
export async function checkFace(r: Run, front: Buffer | undefined, selfie: Buffer | undefined): Promise<'PASSED' | 'FAILED'> {
  if (!front || !selfie) {
    r.reasons.push('FACE_NOT_COMPARED');
    return 'FAILED';
  }
  const match = await r.faces.compare(front, selfie);
  const frames = (await Promise.all(['liveness_1', 'liveness_2', 'liveness_3'].map(r.read))).filter((b): b is Buffer => b !== undefined);
  const challenge = r.answers.liveness_challenge ?? 'turn_left';
  const liveness = await r.faces.verifyActiveLiveness([selfie, ...frames], { type: challenge });
  r.details.face_match = match;
  r.details.liveness = { ...liveness, challenge };
  r.reasons.push(...match.reasons.map((x) => `FACE_${String(x)}`.replace(/^FACE_FACE_/, 'FACE_')));
  if (match.decision !== 'PASSED' && !r.reasons.includes('FACE_MISMATCH')) r.reasons.push('FACE_MISMATCH');
  if (liveness.decision !== 'PASSED') r.reasons.push('LIVENESS_FAILED', ...liveness.reasons.map((x) => `LIVENESS_${x}`));
  return match.decision === 'PASSED' && liveness.decision === 'PASSED' ? 'PASSED' : 'FAILED';
}
