import type { SpeciesDetector } from './pad-species.ts';

/** The presentation-attack policy's types, apart from the rule (pad.ts) so the generated policy can name them. */
export type PadReason = 'PAD_PRINT_SUSPECTED' | 'PAD_SCREEN_SUSPECTED' | 'PAD_CUTOUT_SUSPECTED' | 'PAD_NO_FACE';

export interface PadDetector {
  /** The attack family it stands for (screen covers photos of a screen and replays). */
  family: 'print' | 'screen' | 'cutout';
  /** Its signal, one of the species detectors (domain/pad-species.ts). */
  signal: SpeciesDetector;
  /** Signal value at or above which this detector flags an attack (chosen on calibration). */
  threshold: number;
}

export interface PadPolicy {
  /** False: the verdict is reported but does not fail (the detectors did not meet the target on calibration). */
  enforced: boolean;
  detectors: PadDetector[];
  /** Where the figures come from (set size, seed, calibration rates), for the record shown to reviewers. */
  calibration: { seed: string; bpcer: number; apcer: number; samples: number };
}
