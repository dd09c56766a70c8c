import type { FaceObservation } from './domain/types.ts';
import type { PassiveLiveness } from './domain/selfie.ts';

/** Placeholder until the anti-spoof model is wired: no score rather than an invented one. */
export async function scorePassiveLiveness(_image: Buffer, _face: FaceObservation): Promise<PassiveLiveness | null> {
  return null;
}
