/**
 * Presentation-attack detection, measured before it is trusted (issue 21, point 2).
 *
 * 1. Build the attack set (eval/faces/attacks.ts) from every face source (eval/faces/sources.ts).
 * 2. Find the face in every capture with the production engine and compute every PAD signal
 *    (passive-liveness.ts: the species detectors of domain/pad-species.ts, the older hand-computed features
 *    and Human's antispoof and liveness model scores).
 * 3. Split by identity (or source photo) into calibration and test.
 * 4. On calibration only: orient each single signal and choose its threshold for BPCER <= 5 %; choose the
 *    species detectors' thresholds so that "any one flags" keeps BPCER <= 5 % (domain/calibration.ts).
 * 5. Report BPCER and APCER per attack species on both splits; the test split is never used to choose anything.
 * With --write-model the species detectors' thresholds are written to domain/pad-model.generated.ts.
 * With --faceplugin DIR, fr_liveness of faceplugin-face-recognition-js is scored too, as single signals
 * (eval/faces/faceplugin.ts); it is never part of the production policy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FaceEngine } from '../../src/modules/biometrics/face-engine.ts';
import type { FaceObservation } from '../../src/modules/biometrics/domain/types.ts';
import { analysisFrame, presentationAttackSignals } from '../../src/modules/biometrics/passive-liveness.ts';
import { anyFlagRates, BONA_FIDE, padRatesAt, splitByGroup, thresholdForBpcer, thresholdsForAnyFlag, type MultiScoredPresentation, type PadRates, type ScoredPresentation } from '../../src/modules/biometrics/domain/calibration.ts';
import { PAD_FEATURES } from '../../src/modules/biometrics/domain/pad-features.ts';
import type { PadDetector, PadPolicy } from '../../src/modules/biometrics/domain/pad.ts';
import { SPECIES_DETECTORS } from '../../src/modules/biometrics/domain/pad-species.ts';
import { ATTACK_KINDS, buildAttackSet, type SampleKind } from './attacks.ts';
import type { FaceSource } from './sources.ts';
import { LIVENESS_SIGNALS, loadFaceplugin, type Faceplugin } from './faceplugin.ts';

export const PAD_SEED = 'pad-2026-11';
export const TARGET_BPCER = 0.05;
export const TARGET_APCER = 0.05;
/** Every signal: the species detectors, the older hand-computed features and the two shipped models' scores. */
export const SIGNALS = [...SPECIES_DETECTORS, ...PAD_FEATURES, 'antispoof', 'liveness'];
/** The production detectors: one per attack family, each one species detector's signal. */
const DETECTORS: Array<Pick<PadDetector, 'family' | 'signal'>> = [
  { family: 'print', signal: 'halftone' },
  { family: 'screen', signal: 'grid' },
  { family: 'cutout', signal: 'oval' },
];

interface Row {
  id: string;
  identity: string;
  group: string;
  origin: string;
  kind: SampleKind;
  /** null when the engine found no face in the capture. */
  signals: Record<string, number> | null;
}

const kindOf = (r: Row): string => (r.kind === 'genuine' ? BONA_FIDE : r.kind);

/** What the engine found in one capture, kept so that the signals can be recomputed without the engine. */
interface CapturedSample {
  id: string;
  identity: string;
  group: string;
  origin: string;
  kind: SampleKind;
  jpeg: string;
  face: FaceObservation | null;
}

/**
 * The rendered captures and the face the engine found in each, cached per source in the OS temp folder under
 * a hash of the code that makes them (attack renderer, sources), so an interrupted run resumes and a change
 * of the signals does not re-run the face engine. --no-cache recomputes; --cached-only uses the sources
 * already rendered and analysed (a partial run; the report says how many).
 */
async function captureSet(engine: FaceEngine, sources: FaceSource[]): Promise<CapturedSample[]> {
  const files = ['attacks.ts', 'sources.ts'].map((f) => fs.readFileSync(path.join(import.meta.dirname, f), 'utf8'));
  const key = crypto.createHash('sha256').update([...files, PAD_SEED].join('\0')).digest('hex').slice(0, 16);
  const cacheDir = path.join(os.tmpdir(), `kyc-pad-captures-${key}`);
  fs.mkdirSync(cacheDir, { recursive: true });
  const out: CapturedSample[] = [];
  let done = 0;
  for (const source of sources) {
    const stem = crypto.createHash('sha256').update(source.id).digest('hex').slice(0, 16);
    const cacheFile = path.join(cacheDir, `${stem}.json`);
    if (fs.existsSync(cacheFile) && !process.argv.includes('--no-cache')) {
      out.push(...(JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as CapturedSample[]));
      continue;
    }
    if (process.argv.includes('--cached-only')) continue;
    const mine: CapturedSample[] = [];
    for (const [i, s] of (await buildAttackSet([source], PAD_SEED)).entries()) {
      const jpeg = path.join(cacheDir, `${stem}-${i}.jpg`);
      fs.writeFileSync(jpeg, s.image);
      const face = (await engine.analyze(s.image)).faces[0] ?? null;
      mine.push({ id: s.id, identity: s.identity, group: source.group, origin: source.origin, kind: s.kind, jpeg, face: face && { ...face, descriptor: [], landmarks: [] } });
    }
    fs.writeFileSync(cacheFile, JSON.stringify(mine));
    out.push(...mine);
    process.stderr.write(`pad: ${++done} sources rendered and analysed\r`);
  }
  process.stderr.write('\n');
  return out;
}

/** Every signal of every capture (cheap next to the face engine, so recomputed on every run). */
async function scoreSet(engine: FaceEngine, sources: FaceSource[], faceplugin?: Faceplugin): Promise<Row[]> {
  const rows: Row[] = [];
  for (const c of await captureSet(engine, sources)) {
    const image = fs.readFileSync(c.jpeg);
    const signals = c.face ? await presentationAttackSignals(image, c.face) : null;
    const extra = signals && faceplugin ? await faceplugin.liveness(await analysisFrame(image, c.face!), c.face!.box) : {};
    rows.push({ id: c.id, identity: c.identity, group: c.group, origin: c.origin, kind: c.kind, signals: signals && { ...signals, ...extra } });
  }
  return rows;
}

/** A presentation's score under a scorer; a capture without a face is not accepted (score 1, "attack"). */
function scored(rows: Row[], score: (s: Record<string, number>) => number): ScoredPresentation[] {
  return rows.map((r) => ({ kind: kindOf(r), score: r.signals ? score(r.signals) : Number.POSITIVE_INFINITY }));
}

function summary(r: PadRates): Record<string, unknown> {
  return {
    threshold: round(r.threshold),
    bpcer: round(r.bpcer),
    bona_fide: r.bonaFide,
    apcer: Object.fromEntries(Object.entries(r.apcer).map(([k, v]) => [k, `${round(v.rate)} (${v.missed}/${v.total})`])),
    max_apcer: round(r.maxApcer),
  };
}

/** One signal alone: its direction (attacks higher or lower) and threshold come from calibration. */
function singleSignal(name: string, cal: Row[], test: Row[]): { calibration: PadRates; test: PadRates; sign: number } {
  const mean = (rows: Row[]): number => {
    const xs = rows.filter((r) => r.signals).map((r) => r.signals![name] as number);
    return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  };
  const sign = mean(cal.filter((r) => r.kind !== 'genuine')) >= mean(cal.filter((r) => r.kind === 'genuine')) ? 1 : -1;
  const score = (s: Record<string, number>): number => sign * (s[name] as number);
  const calScores = scored(cal, score);
  const t = thresholdForBpcer(calScores.filter((s) => s.kind === BONA_FIDE).map((s) => s.score), TARGET_BPCER);
  return { calibration: padRatesAt(calScores, t), test: padRatesAt(scored(test, score), t), sign };
}

/**
 * The species detectors' thresholds, chosen on calibration rows only so that "any one flags" keeps the
 * calibration BPCER within the target; enforced when the BPCER stays within it on test too (ADR 0208: the test
 * split decides nothing else, it is a go/no-go on what calibration chose).
 */
function speciesPolicy(cal: Row[], test: Row[]): { policy: PadPolicy; calibration: PadRates; test: PadRates; alone: Record<string, unknown> } {
  const multi = (rows: Row[]): MultiScoredPresentation[] => rows.map((r) => ({ kind: kindOf(r), scores: r.signals }));
  const signals = DETECTORS.map((d) => d.signal);
  const chosen = thresholdsForAnyFlag(multi(cal), signals, TARGET_BPCER);
  const testRates = anyFlagRates(multi(test), chosen.thresholds);
  const met = (r: PadRates): boolean => r.bpcer <= TARGET_BPCER && r.maxApcer <= TARGET_APCER;
  // Each detector alone at the threshold chosen for the combination: which species it catches.
  const alone = Object.fromEntries(signals.map((s) => [s, { threshold: round(chosen.thresholds[s] as number), calibration: summary(anyFlagRates(multi(cal), { [s]: chosen.thresholds[s] as number })), test: summary(anyFlagRates(multi(test), { [s]: chosen.thresholds[s] as number })) }]));
  return {
    policy: {
      // ADR 0208: the detectors decide once their thresholds, chosen on calibration, keep BPCER within the target on
      // both splits (what a genuine customer risks); the APCER target is reported, met or not (`target_met`).
      enforced: chosen.rates.bpcer <= TARGET_BPCER && testRates.bpcer <= TARGET_BPCER,
      // Unrounded: a threshold rounded down could fall under the bona fide score it was placed just above.
      detectors: DETECTORS.map((d) => ({ ...d, threshold: chosen.thresholds[d.signal] as number })),
      calibration: { seed: PAD_SEED, bpcer: round(chosen.rates.bpcer), apcer: round(chosen.rates.maxApcer), samples: cal.length },
    },
    calibration: chosen.rates,
    test: testRates,
    alone,
  };
}

export async function evaluatePad(engine: FaceEngine, sources: FaceSource[], opts: { writeModel?: boolean; faceplugin?: string } = {}): Promise<Record<string, unknown>> {
  const started = Date.now();
  const rows = await scoreSet(engine, sources, opts.faceplugin ? await loadFaceplugin(opts.faceplugin) : undefined);
  const { calibration: cal, test } = splitByGroup(rows, (r) => r.group, (r) => r.origin, PAD_SEED);
  const counts = (rs: Row[]): Record<string, number> => Object.fromEntries(['genuine', ...ATTACK_KINDS].map((k) => [k, rs.filter((r) => r.kind === k).length]));
  const noFace = (rs: Row[]): Record<string, number> => Object.fromEntries(['genuine', ...ATTACK_KINDS].map((k) => [k, rs.filter((r) => r.kind === k && !r.signals).length]));

  const singles: Record<string, unknown> = {};
  for (const name of [...SIGNALS, ...(opts.faceplugin ? LIVENESS_SIGNALS : [])]) {
    const s = singleSignal(name, cal, test);
    singles[name] = { direction: s.sign > 0 ? 'attack higher' : 'attack lower', calibration_max_apcer: round(s.calibration.maxApcer), test: summary(s.test), meets_target_on_calibration: s.calibration.maxApcer <= TARGET_APCER };
  }
  const species = speciesPolicy(cal, test);
  if (opts.writeModel) writeModel(species.policy);
  return {
    seed: PAD_SEED,
    sources: new Set(rows.map((r) => r.id.split('/').slice(0, -1).join('/'))).size,
    identities: { calibration: new Set(cal.map((r) => r.identity)).size, test: new Set(test.map((r) => r.identity)).size },
    groups: { calibration: [...new Set(cal.map((r) => r.group))].sort(), test: [...new Set(test.map((r) => r.group))].sort() },
    samples: { calibration: counts(cal), test: counts(test) },
    no_face_found: { calibration: noFace(cal), test: noFace(test) },
    target: { bpcer: TARGET_BPCER, apcer: TARGET_APCER },
    single_signals: singles,
    species_detectors: { calibration: summary(species.calibration), test: summary(species.test), target_met: species.calibration.maxApcer <= TARGET_APCER && species.test.maxApcer <= TARGET_APCER && species.calibration.bpcer <= TARGET_BPCER && species.test.bpcer <= TARGET_BPCER, each_alone: species.alone },
    production_policy: species.policy,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

function writeModel(policy: PadPolicy): void {
  const file = path.join(import.meta.dirname, '../../src/modules/biometrics/domain/pad-model.generated.ts');
  fs.writeFileSync(
    file,
    `// Written by \`npm run eval:faces -- --write-model\` (eval/faces/pad.ts): thresholds chosen on the calibration split\n// of the simulated attack set only. Do not edit by hand; re-run the evaluation.\nimport type { PadPolicy } from './pad-types.ts';\n\nexport const PAD_MODEL: PadPolicy = ${JSON.stringify(policy, null, 2)};\n`,
  );
  process.stderr.write(`pad: wrote ${path.relative(process.cwd(), file)}\n`);
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;
