import { PAD_MODEL } from './pad-model.generated.ts';
import type { PadDetector, PadPolicy, PadReason } from './pad-types.ts';
import type { Decision } from './types.ts';

/**
 * The presentation-attack decision, pure, and its one named policy (PAD_POLICY). One detector per attack
 * species, each a single physically motivated signal (domain/pad-species.ts) with its own threshold; an
 * attack is what any one detector flags (the maximum over detectors of signal minus threshold is at or
 * above 0), and every detector that flags it names its reason.
 *
 * The thresholds are chosen by `npm run eval:faces -- --write-model` on the calibration split of the
 * project's simulated attack set only (combined BPCER <= 5 %), and reported on its test split in
 * docs/biometrics.md. `enforced` is true when that BPCER also held on the test split (ADR 0208): a flag then fails
 * the check, whether or not every species met the APCER target (the figures say which did not); otherwise the
 * verdict is reported and never fails a check.
 */
export type { PadDetector, PadPolicy, PadReason } from './pad-types.ts';

export interface PadResult {
  /** Largest margin of a detector's signal over its own threshold: an attack is suspected at 0 or above. null without a face. */
  score: number | null;
  /** Always 0: each detector's own threshold is in the policy, the score is the margin over it. */
  threshold: number;
  /** FAILED when an attack is suspected and the policy is enforced. */
  decision: Decision;
  /** True when a detector flagged the capture, whether or not the policy is enforced. */
  attack_suspected: boolean;
  enforced: boolean;
  reasons: PadReason[];
  /** Each detector's signal by family, for the reviewer. */
  families: Record<string, number>;
  /** Each detector's signal against its own threshold, as the reviewer judges it (flags at or above). */
  detectors: PadDetectorReading[];
}

export interface PadDetectorReading {
  family: PadDetector['family'];
  signal: PadDetector['signal'];
  value: number;
  threshold: number;
  flagged: boolean;
}

export const PAD_POLICY: PadPolicy = PAD_MODEL;

const REASON: Record<PadDetector['family'], PadReason> = { print: 'PAD_PRINT_SUSPECTED', screen: 'PAD_SCREEN_SUSPECTED', cutout: 'PAD_CUTOUT_SUSPECTED' };

/** A detector's margin: its signal minus its threshold (every signal a detector names must be present). */
function margin(d: PadDetector, signals: Readonly<Record<string, number>>): number {
  const v = signals[d.signal];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`presentation-attack policy: missing input ${d.signal}`);
  return v - d.threshold;
}

export function decidePresentationAttack(signals: Readonly<Record<string, number>> | null, policy: PadPolicy = PAD_POLICY): PadResult {
  if (!signals) return { score: null, threshold: 0, decision: policy.enforced ? 'FAILED' : 'PASSED', attack_suspected: false, enforced: policy.enforced, reasons: ['PAD_NO_FACE'], families: {}, detectors: [] };
  const margins = policy.detectors.map((d) => ({ d, m: margin(d, signals) }));
  const score = Math.max(Number.NEGATIVE_INFINITY, ...margins.map((x) => x.m));
  const reasons = [...new Set(margins.filter((x) => x.m >= 0).map((x) => REASON[x.d.family]))];
  const suspected = reasons.length > 0;
  return {
    score: round(score),
    threshold: 0,
    decision: suspected && policy.enforced ? 'FAILED' : 'PASSED',
    attack_suspected: suspected,
    enforced: policy.enforced,
    reasons,
    families: Object.fromEntries(policy.detectors.map((d) => [d.family, round(signals[d.signal] as number)])),
    detectors: margins.map(({ d, m }) => ({ family: d.family, signal: d.signal, value: round(signals[d.signal] as number), threshold: d.threshold, flagged: m >= 0 })),
  };
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;
