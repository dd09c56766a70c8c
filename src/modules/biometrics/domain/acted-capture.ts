import type { LiveChallenge } from './live-capture.ts';
import { analysisOf, syntheticFace, syntheticLandmarks } from './synthetic-face.ts';
import type { ImageAnalysis, Point } from './types.ts';

/**
 * What the engine would see of a person acting a capture session's prompts, as synthetic landmarks: the
 * decision tests use it, and so does the sandbox (a sandbox client's frames are not read by a model, so the
 * sandbox acts the prompts it was given and the real rules judge the acting). Not a face image: no model
 * ever sees these.
 */
export function actedAnalysis(action: LiveChallenge | null, opts: { identity?: number; salt?: number; drift?: number; strength?: number } = {}): ImageAnalysis {
  const { identity = 1, salt = 1, drift = 0, strength = 1 } = opts;
  const cx = 110 + drift;
  let lm = syntheticLandmarks({
    cx, cy: 110, s: 60,
    noseShift: action === 'turn_left' ? 0.5 * strength : action === 'turn_right' ? -0.5 * strength : 0,
    eyeOpen: action === 'blink' ? 0.3 - 0.25 * strength : 0.3,
  });
  if (action === 'look_up') lm = lm.map((p, i) => (i >= 27 && i <= 35 ? { x: p.x, y: p.y - 0.13 * 60 * strength } : p));
  if (action === 'smile') {
    const mouth = lm.slice(48, 68);
    const mx = mouth.reduce((s, p) => s + p.x, 0) / mouth.length;
    lm = lm.map((p: Point, i) => (i >= 48 ? { x: mx + (p.x - mx) * (1 + 0.22 * strength), y: p.y } : p));
  }
  return analysisOf([syntheticFace({ identity, noise: 0.2, salt, landmarks: lm, box: { x: 50 + drift, y: 40, width: 120, height: 140 } })], 640, 480);
}

/** A whole acted session: `perStep` frames of the neutral start, then of each challenge in turn, `gapMs` apart. */
export function actedFrames(challenges: LiveChallenge[], opts: { perStep?: number; gapMs?: number; startMs?: number; identity?: number; salt?: number; act?: (step: number) => LiveChallenge | null } = {}) {
  const { perStep = 4, gapMs = 250, startMs = 1000, identity = 1, salt = 1 } = opts;
  const frames = [];
  let seq = 0;
  for (let step = 0; step <= challenges.length; step++) {
    const action = opts.act ? opts.act(step) : step === 0 ? null : challenges[step - 1]!;
    for (let i = 0; i < perStep; i++) {
      // The first frame of a step is still the reaction to the prompt: half way into the action.
      // A blink ends with the eyes open again.
      const strength = step === 0 || (action === 'blink' && i === perStep - 1) ? 0 : i === 0 ? 0.5 : 1;
      seq++;
      frames.push({
        seq, step, received_ms: startMs + seq * gapMs, sha256: `acted-${salt}-${seq}`,
        analysis: actedAnalysis(strength === 0 ? null : action, { identity, salt: salt * 1000 + seq, drift: (seq % 3) - 1, strength }),
      });
    }
  }
  return frames;
}
