/**
 * npm run eval:faces: every same-person and different-person pair of ../shared/data/faces (same folder =
 * same person), scored by the engine and decided by the production policy.
 *   KYC_SHARED_DATA=/path  npm run eval:faces [-- --json]
 */
import fs from 'node:fs';
import path from 'node:path';
import { getFaceEngine } from '../../src/modules/biometrics/face-engine.ts';
import { calibrateThreshold, equalErrorRate, ratesAt, type ScoredPair } from '../../src/modules/biometrics/domain/calibration.ts';
import { DEFAULT_MATCH_POLICY, decideFaceMatch, descriptorSimilarity } from '../../src/modules/biometrics/domain/face-match.ts';
import { cosineSimilarity } from '../../src/modules/biometrics/domain/vectors.ts';
import type { ImageAnalysis } from '../../src/modules/biometrics/domain/types.ts';

const sharedDir = path.resolve(process.env.KYC_SHARED_DATA ?? path.join(import.meta.dirname, '../../../shared/data'));
const facesDir = path.join(sharedDir, 'faces');

function listImages(): Array<{ person: string; file: string }> {
  const out: Array<{ person: string; file: string }> = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.(png|jpe?g|webp)$/i.test(e.name)) out.push({ person: path.relative(facesDir, dir), file: full });
    }
  };
  walk(facesDir);
  return out;
}

async function main(): Promise<number> {
  if (!fs.existsSync(facesDir)) {
    process.stderr.write(`eval:faces: ${facesDir} not found (set KYC_SHARED_DATA)\n`);
    return 2;
  }
  const images = listImages();
  const engine = await getFaceEngine();
  const analyses = new Map<string, ImageAnalysis>();
  const started = Date.now();
  for (const img of images) {
    const a = await engine.analyze(fs.readFileSync(img.file));
    analyses.set(img.file, a);
    const f = a.faces[0];
    process.stderr.write(`${path.relative(facesDir, img.file)}: ${a.faces.length} face(s)${f ? ` score ${f.score.toFixed(2)} width ${f.box.width.toFixed(0)} rot ${f.rotation} sharp ${f.sharpness.toFixed(0)}` : ''}\n`);
  }
  const analyseMs = (Date.now() - started) / images.length;

  const pairs: ScoredPair[] = [];
  const cosine: ScoredPair[] = [];
  let decisionAccepts = { genuine: 0, impostor: 0 };
  for (let i = 0; i < images.length; i++) {
    for (let j = i + 1; j < images.length; j++) {
      const A = images[i]!;
      const B = images[j]!;
      const same = A.person === B.person;
      const fa = analyses.get(A.file)!;
      const fb = analyses.get(B.file)!;
      const da = fa.faces[0]?.descriptor;
      const db = fb.faces[0]?.descriptor;
      // A missed face counts as a rejected pair: the honest way, not dropped from the denominator.
      pairs.push({ a: A.file, b: B.file, same, score: da && db ? descriptorSimilarity(da, db) : -Infinity });
      cosine.push({ a: A.file, b: B.file, same, score: da && db ? cosineSimilarity(da, db) : -Infinity });
      const decision = decideFaceMatch(fa, fb).decision;
      if (decision === 'PASSED') decisionAccepts = same ? { ...decisionAccepts, genuine: decisionAccepts.genuine + 1 } : { ...decisionAccepts, impostor: decisionAccepts.impostor + 1 };
    }
  }
  const genuine = pairs.filter((p) => p.same);
  const impostor = pairs.filter((p) => !p.same);
  const at = ratesAt(pairs, DEFAULT_MATCH_POLICY.threshold);
  const eer = equalErrorRate(pairs);
  const eerCosine = equalErrorRate(cosine);
  const calibrated = calibrateThreshold(pairs, 0);
  const fin = (xs: ScoredPair[]): number[] => xs.map((p) => p.score).filter(Number.isFinite);
  const report = {
    images: images.length,
    people: new Set(images.map((i) => i.person)).size,
    images_without_face: [...analyses.entries()].filter(([, a]) => a.faces.length === 0).map(([f]) => path.relative(facesDir, f)),
    genuine_pairs: genuine.length,
    impostor_pairs: impostor.length,
    threshold: DEFAULT_MATCH_POLICY.threshold,
    tar: round(at.tar),
    far: round(at.far),
    false_accepts: at.falseAccepts,
    false_rejects: at.falseRejects,
    decision_tar: round(decisionAccepts.genuine / genuine.length),
    decision_far: round(decisionAccepts.impostor / impostor.length),
    eer: round(eer.eer),
    eer_threshold: round(eer.threshold),
    eer_cosine: round(eerCosine.eer),
    lowest_genuine_similarity: round(Math.min(...fin(genuine))),
    highest_impostor_similarity: round(Math.max(...fin(impostor))),
    calibrated_threshold_far_0: round(calibrated),
    tar_at_calibrated: round(ratesAt(pairs, calibrated).tar),
    far_resolution: round(1 / impostor.length),
    false_reject_pairs: genuine.filter((p) => p.score < DEFAULT_MATCH_POLICY.threshold).map((p) => `${path.basename(p.a)} ~ ${path.basename(p.b)}: ${round(p.score)}`),
    closest_impostor_pairs: [...impostor].sort((x, y) => y.score - x.score).slice(0, 3).map((p) => `${path.basename(p.a)} ~ ${path.basename(p.b)}: ${round(p.score)}`),
    ms_per_image: Math.round(analyseMs),
  };
  process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  await engine.close();
  return 0;
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;

main().then((code) => (process.exitCode = code));
