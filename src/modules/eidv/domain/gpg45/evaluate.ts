/**
 * Which GPG 45 profiles the scores meet (profiles.ts), the confidence reached, and for a level not reached the
 * nearest profile and what it lacks, as text for a reviewer and as reason codes for the report.
 */
import { CONFIDENCE_ORDER, GPG45_VERSION, PROFILES, atLeast, type Confidence, type EvidenceRequirement, type Profile } from './profiles.ts';
import type { Gpg45Scores, ScoredEvidence } from './scores.ts';

export interface Shortfall { text: string; code: string; units: number }

export interface Gpg45Result {
  version: string;
  /** The highest level reached (null: not even low). */
  confidence: Confidence | null;
  /** The first profile met at that level, in the guide's order. */
  profile: string | null;
  /** Every profile met, any level. */
  profiles_met: string[];
  required: Confidence;
  required_met: boolean;
  scores: {
    evidence: Array<Pick<ScoredEvidence, 'id' | 'label' | 'strength' | 'validity' | 'why' | 'raise'>>;
    activity_history: Gpg45Scores['activity'];
    identity_fraud: Gpg45Scores['fraud'];
    verification: Gpg45Scores['verification'];
  };
  /** The nearest profile of the required level when it is not met, else of the next level up (null: high reached). */
  to_raise: { confidence: Confidence; profile: string; missing: string[] } | null;
  /** Reason codes naming what the required level lacks (empty when met). */
  missing_codes: string[];
}

/** Every way of giving each requirement a different piece of evidence (at most 3 requirements, a handful of pieces). */
function assignments(count: number, pieces: number): number[][] {
  if (count === 0) return [[]];
  const out: number[][] = [];
  for (const rest of assignments(count - 1, pieces)) for (let i = 0; i < pieces; i++) if (!rest.includes(i)) out.push([...rest, i]);
  return out;
}

function evidenceShortfalls(required: readonly EvidenceRequirement[], evidence: readonly ScoredEvidence[]): Shortfall[] {
  let best: Shortfall[] | undefined;
  let bestUnits = Infinity;
  const padded = [...evidence, ...Array.from({ length: required.length }, () => undefined)];
  for (const pick of assignments(required.length, padded.length)) {
    const shortfalls: Shortfall[] = [];
    required.forEach((req, i) => {
      const e = padded[pick[i]!];
      const ds = Math.max(0, req.strength - (e?.strength ?? 0));
      const dv = Math.max(0, req.validity - (e?.validity ?? 0));
      if (ds + dv === 0) return;
      const has = e ? ` (nearest: ${e.label}, strength ${e.strength}, validity ${e.validity})` : '';
      const code = ds > 0 ? (evidence.some((x) => x.strength >= req.strength) ? `EVIDENCE_${i + 1}_STRENGTH_LT_${req.strength}` : `NO_EVIDENCE_STRENGTH_${req.strength}`) : `EVIDENCE_VALIDITY_LT_${req.validity}`;
      shortfalls.push({ text: `a${i > 0 ? ' further' : ''} piece of evidence of strength ${req.strength} and validity ${req.validity} or more${has}`, code, units: ds + dv });
    });
    const units = shortfalls.reduce((n, s) => n + s.units, 0);
    if (units < bestUnits) { best = shortfalls; bestUnits = units; }
  }
  return best ?? [];
}

export function shortfalls(profile: Profile, scores: Gpg45Scores): Shortfall[] {
  const out = evidenceShortfalls(profile.evidence, scores.evidence);
  const item = (name: string, code: string, need: number, have: number) =>
    (have < need ? [{ text: `${name} ${need} or more (now ${have})`, code: `${code}_LT_${need}`, units: need - have }] : []);
  return [
    ...out,
    ...item('activity history', 'ACTIVITY_HISTORY', profile.activity, scores.activity.score),
    ...item('identity fraud', 'IDENTITY_FRAUD', profile.fraud, scores.fraud.score),
    ...item('verification', 'VERIFICATION', profile.verification, scores.verification.score),
  ];
}

export function meets(profile: Profile, scores: Gpg45Scores): boolean {
  return shortfalls(profile, scores).length === 0;
}

function nearest(level: Confidence, scores: Gpg45Scores): { profile: Profile; missing: Shortfall[] } {
  const candidates = PROFILES.filter((p) => p.confidence === level).map((profile) => ({ profile, missing: shortfalls(profile, scores) }));
  return candidates.reduce((a, b) => (b.missing.reduce((n, s) => n + s.units, 0) < a.missing.reduce((n, s) => n + s.units, 0) ? b : a));
}

export function evaluateGpg45(scores: Gpg45Scores, required: Confidence): Gpg45Result {
  const met = PROFILES.filter((p) => meets(p, scores));
  const confidence = [...CONFIDENCE_ORDER].reverse().find((c) => met.some((p) => p.confidence === c)) ?? null;
  const requiredMet = atLeast(confidence, required);
  const target = requiredMet ? CONFIDENCE_ORDER[CONFIDENCE_ORDER.indexOf(confidence!) + 1] : required;
  const near = target ? nearest(target, scores) : undefined;
  return {
    version: GPG45_VERSION,
    confidence,
    profile: met.find((p) => p.confidence === confidence)?.name ?? null,
    profiles_met: met.map((p) => p.name),
    required,
    required_met: requiredMet,
    scores: { evidence: scores.evidence, activity_history: scores.activity, identity_fraud: scores.fraud, verification: scores.verification },
    to_raise: near && target ? { confidence: target, profile: near.profile.name, missing: near.missing.map((s) => s.text) } : null,
    missing_codes: requiredMet || !near ? [] : [...new Set(near.missing.map((s) => s.code))],
  };
}
