import type { LogisticModel } from './logistic.ts';

/** The presentation-attack policy's types, apart from the rule (pad.ts) so the generated weights can name them. */
export type PadReason = 'PAD_PRINT_SUSPECTED' | 'PAD_SCREEN_SUSPECTED' | 'PAD_CUTOUT_SUSPECTED' | 'PAD_NO_FACE';

export interface PadDetector {
  /** The family of attacks it was fitted against (screen covers photos of a screen and replays). */
  family: 'print' | 'screen' | 'cutout';
  model: LogisticModel;
}

export interface PadPolicy {
  /** Attack score (0..1) at or above which an attack is suspected. */
  threshold: number;
  /** False: the verdict is reported but does not fail (the signal did not meet its target on calibration). */
  enforced: boolean;
  detectors: PadDetector[];
  /** Where the figures come from (set size, seed, calibration rates), for the record shown to reviewers. */
  calibration: { seed: string; bpcer: number; apcer: number; samples: number };
}

