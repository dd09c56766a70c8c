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

// ---- presentation-attack detection (ISO/IEC 30107-3 terms) ------------------------------------------

/** One scored presentation: `kind` is 'bona_fide' or the attack instrument species; higher score = attack. */
export interface ScoredPresentation {
  kind: string;
  score: number;
}

export const BONA_FIDE = 'bona_fide';

export interface PadRates {
  threshold: number;
  /** Bona fide presentation classification error rate: bona fide presentations called attacks. */
  bpcer: number;
  bonaFide: number;
  /** Attack presentation classification error rate per species: attacks called bona fide (score < threshold). */
  apcer: Record<string, { rate: number; missed: number; total: number }>;
  /** The worst species' APCER (ISO/IEC 30107-3 reports the maximum over species). */
  maxApcer: number;
}

export function padRatesAt(items: ReadonlyArray<ScoredPresentation>, threshold: number): PadRates {
  const bona = items.filter((i) => i.kind === BONA_FIDE);
  const rejected = bona.filter((i) => i.score >= threshold).length;
  const apcer: PadRates['apcer'] = {};
  for (const kind of [...new Set(items.map((i) => i.kind))].filter((k) => k !== BONA_FIDE).sort()) {
    const attacks = items.filter((i) => i.kind === kind);
    const missed = attacks.filter((i) => i.score < threshold).length;
    apcer[kind] = { rate: missed / attacks.length, missed, total: attacks.length };
  }
  return { threshold, bpcer: bona.length ? rejected / bona.length : 0, bonaFide: bona.length, apcer, maxApcer: Math.max(0, ...Object.values(apcer).map((a) => a.rate)) };
}

/**
 * The lowest attack-score threshold whose BPCER stays within `maxBpcer` on these bona fide scores: the
 * `floor(maxBpcer * n)` highest bona fide scores may be rejected, the threshold sits halfway between the
 * last one rejected and the next. Give it calibration scores only.
 */
export function thresholdForBpcer(bonaFideScores: ReadonlyArray<number>, maxBpcer: number): number {
  const s = [...bonaFideScores].sort((a, b) => b - a);
  if (s.length === 0) throw new Error('threshold selection needs bona fide scores');
  const allowed = Math.floor(maxBpcer * s.length);
  const kept = s[allowed] as number; // highest bona fide score that must still pass
  if (allowed === 0) return kept + 1e-6;
  return (kept + (s[allowed - 1] as number)) / 2;
}

/** One presentation scored by several detectors (null: no face found, which counts as an attack detected). */
export interface MultiScoredPresentation {
  kind: string;
  scores: Readonly<Record<string, number>> | null;
}

/** Rates when a presentation is called an attack as soon as one detector reaches its own threshold. */
export function anyFlagRates(items: ReadonlyArray<MultiScoredPresentation>, thresholds: Readonly<Record<string, number>>): PadRates {
  const names = Object.keys(thresholds);
  const margin = (i: MultiScoredPresentation): number => (i.scores ? Math.max(...names.map((n) => (i.scores![n] as number) - (thresholds[n] as number))) : Number.POSITIVE_INFINITY);
  return { ...padRatesAt(items.map((i) => ({ kind: i.kind, score: margin(i) })), 0), threshold: 0 };
}

/**
 * Thresholds for detectors combined by "any one flags": each detector's threshold sits halfway between two
 * of its highest bona fide scores (or just above the highest), and of every such combination whose combined
 * BPCER stays within `maxBpcer`, the one with the lowest worst-species APCER, then the lowest total APCER,
 * then the lowest BPCER, is taken. Exhaustive over (allowed rejections + 1)^detectors combinations, so for a
 * handful of detectors. Give it calibration presentations only.
 */
export function thresholdsForAnyFlag(items: ReadonlyArray<MultiScoredPresentation>, detectors: ReadonlyArray<string>, maxBpcer: number): { thresholds: Record<string, number>; rates: PadRates } {
  const bona = items.filter((i) => i.kind === BONA_FIDE);
  if (bona.length === 0) throw new Error('threshold selection needs bona fide presentations');
  const allowed = Math.floor(maxBpcer * bona.length);
  const candidates = detectors.map((d) => {
    const s = bona.filter((i) => i.scores).map((i) => i.scores![d] as number).sort((a, b) => b - a);
    return Array.from({ length: Math.min(allowed, s.length - 1) + 1 }, (_, k) => (k === 0 ? (s[0] as number) + 1e-6 : ((s[k - 1] as number) + (s[k] as number)) / 2));
  });
  let best: { thresholds: Record<string, number>; rates: PadRates; key: number[] } | null = null;
  const visit = (i: number, chosen: number[]): void => {
    if (i === detectors.length) {
      const thresholds = Object.fromEntries(detectors.map((d, j) => [d, chosen[j] as number]));
      const rates = anyFlagRates(items, thresholds);
      if (rates.bpcer > maxBpcer) return;
      const key = [rates.maxApcer, Object.values(rates.apcer).reduce((a, r) => a + r.missed, 0), rates.bpcer];
      if (!best || lexicographicallyLess(key, best.key)) best = { thresholds, rates, key };
      return;
    }
    for (const t of candidates[i] as number[]) visit(i + 1, [...chosen, t]);
  };
  visit(0, []);
  if (!best) throw new Error('no thresholds keep the BPCER within the budget');
  const { thresholds, rates } = best;
  return { thresholds, rates };
}

function lexicographicallyLess(a: number[], b: number[]): boolean {
  const j = a.findIndex((x, i) => x !== b[i]);
  return j >= 0 && (a[j] as number) < (b[j] as number);
}

// ---- splits --------------------------------------------------------------------------------------------

function fnv(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * Split by group (identity, or the photo faces were cut from) so that no group has items on both sides:
 * within each stratum the groups are ordered by a seeded hash and the first `share` of them go to
 * calibration. Deterministic for a seed; both sides get at least one group of a stratum with two or more.
 */
export function splitByGroup<T>(items: ReadonlyArray<T>, group: (t: T) => string, stratum: (t: T) => string, seed: string, share = 0.5): { calibration: T[]; test: T[] } {
  const groupsByStratum = new Map<string, Set<string>>();
  for (const it of items) {
    const s = stratum(it);
    if (!groupsByStratum.has(s)) groupsByStratum.set(s, new Set());
    groupsByStratum.get(s)!.add(group(it));
  }
  const calibrationGroups = new Set<string>();
  for (const groups of groupsByStratum.values()) {
    const ordered = [...groups].sort((a, b) => fnv(`${seed}/${a}`) - fnv(`${seed}/${b}`) || a.localeCompare(b));
    const n = ordered.length === 1 ? 1 : Math.min(ordered.length - 1, Math.max(1, Math.round(share * ordered.length)));
    for (const g of ordered.slice(0, n)) calibrationGroups.add(g);
  }
  return { calibration: items.filter((t) => calibrationGroups.has(group(t))), test: items.filter((t) => !calibrationGroups.has(group(t))) };
}
