// Written by `npm run eval:faces -- --write-model` (eval/faces/pad.ts): thresholds chosen on the calibration split
// of the simulated attack set only. Do not edit by hand; re-run the evaluation.
import type { PadPolicy } from './pad-types.ts';

export const PAD_MODEL: PadPolicy = {
  "enforced": true,
  "detectors": [
    {
      "family": "print",
      "signal": "halftone",
      "threshold": 0.5198348069240947
    },
    {
      "family": "screen",
      "signal": "grid",
      "threshold": 0.7782604749659473
    },
    {
      "family": "cutout",
      "signal": "oval",
      "threshold": 3.3663214851426573
    }
  ],
  "calibration": {
    "seed": "pad-2026-11",
    "bpcer": 0.0303,
    "apcer": 0.0303,
    "samples": 198
  }
};
