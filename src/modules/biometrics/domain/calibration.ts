/**
 * Verification metrics over scored pairs (higher score = more alike). Pure, so the evaluation script and
 * its tests share one definition of TAR, FAR and EER.
 */
export interface ScoredPair {
  a: string;
  b: string;
  same: boolean;
  score: number;
}

export interface RatesAt {
  threshold: number;
  /** Share of same-person pairs accepted (score >= threshold). */
  tar: number;
  /** Share of different-person pairs accepted. */
  far: number;
  falseAccepts: number;
  falseRejects: number;
}

export function ratesAt(pairs: ScoredPair[], threshold: number): RatesAt {
  const genuine = pairs.filter((p) => p.same);
  const impostor = pairs.filter((p) => !p.same);
  const accepted = (p: ScoredPair): boolean => p.score >= threshold;
  const falseAccepts = impostor.filter(accepted).length;
  const falseRejects = genuine.filter((p) => !accepted(p)).length;
  return {
    threshold,
    tar: genuine.length ? (genuine.length - falseRejects) / genuine.length : 0,
    far: impostor.length ? falseAccepts / impostor.length : 0,
    falseAccepts,
    falseRejects,
  };
}

/** Equal error rate: sweep every observed score as a threshold, take the point where FAR and FRR meet. */
export function equalErrorRate(pairs: ScoredPair[]): { eer: number; threshold: number } {
  const thresholds = [...new Set(pairs.map((p) => p.score))].sort((x, y) => x - y);
  let best = { eer: 1, threshold: thresholds[0] ?? 0, gap: Infinity };
  for (const t of thresholds) {
    const r = ratesAt(pairs, t);
    const frr = 1 - r.tar;
    const gap = Math.abs(frr - r.far);
    if (gap < best.gap) best = { eer: (frr + r.far) / 2, threshold: t, gap };
  }
  return { eer: best.eer, threshold: best.threshold };
}

/**
 * The threshold halfway between the best genuine-impostor separation allowed by the FAR budget: the
 * lowest threshold whose FAR stays within `maxFar`, moved up halfway to the next impostor score so that
 * small shifts of the impostor distribution do not immediately cost a false accept.
 */
export function calibrateThreshold(pairs: ScoredPair[], maxFar: number): number {
  const impostor = pairs.filter((p) => !p.same).map((p) => p.score).sort((x, y) => y - x);
  if (impostor.length === 0) throw new Error('calibration needs different-person pairs');
  // The number of impostor pairs we may accept within the budget.
  const allowed = Math.floor(maxFar * impostor.length);
  const boundary = impostor[allowed] as number; // highest impostor score we must reject
  const genuineAbove = pairs.filter((p) => p.same && p.score > boundary).map((p) => p.score).sort((x, y) => x - y);
  const lowestGenuine = genuineAbove[0];
  if (lowestGenuine === undefined) return boundary + 1e-6;
  return (boundary + lowestGenuine) / 2;
}
