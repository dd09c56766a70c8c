/**
 * `npm run eval:documents`: how well MRZs are read.
 *  1. The shared specimens (../shared/data/documents, or KYC_SHARED_DATA): the number after `passporteye__`
 *     is what PassportEye's own test expects (100: must read with every check digit valid).
 *  2. Generated documents: random MRZs of all five layouts rendered in OCR-B, clean and degraded.
 * Prints the fraction read fully valid (every check digit) and the per-character accuracy against the truth,
 * and every read that is valid but not exactly right with the fields the confidence rule puts in doubt
 * (domain/mrz-confidence.ts, MRZ_LOW_CONFIDENCE; the visual zone is not compared here, so a name it would
 * confirm still counts as in doubt): such a read must be in doubt, or it would be a silent misread. It also
 * counts the reads exactly right after a check-digit correction that the rule still doubts (REFER for a right
 * read: the cost of ADR 0218's rule that a check digit spent on a repair vouches for nothing else in its field).
 *  3. The visual zone against the MRZ (eval/documents/viz.ts): false alarms on the shared specimens and on
 *     genuine generated documents, detections on generated documents whose visual zone contradicts the MRZ.
 * Options: --clean N (per layout, default 8), --degraded N (default 100), --viz N (default 40; 0 skips),
 * --only viz (just part 3), --seed S, --json FILE.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { MrzFormat } from '../../src/modules/documents/domain/mrz-layouts.ts';
import { type MrzReading, readMrz } from '../../src/modules/documents/mrz-reader.ts';
import { uncertainFields } from '../../src/modules/documents/domain/mrz-confidence.ts';
import { AUTHENTICITY_THRESHOLDS } from '../../src/modules/documents/domain/authenticity/thresholds.ts';
import { createTesseractRecogniser } from '../../src/modules/documents/ocr.ts';
import { randomDegradation, randomMrz, renderDocument, rng } from './synthetic.ts';
import { evaluateViz } from './viz.ts';

const TODAY = '2026-11-22';
const { values } = parseArgs({ options: { clean: { type: 'string', default: '8' }, degraded: { type: 'string', default: '100' }, seed: { type: 'string', default: '20261122' }, json: { type: 'string' }, viz: { type: 'string', default: '40' }, only: { type: 'string' } } });
const ocr = createTesseractRecogniser();
const sharedDir = path.join(process.env.KYC_SHARED_DATA ?? path.resolve('../shared/data'), 'documents');

function charAccuracy(truth: string[], read: string[] | undefined): { correct: number; total: number } {
  const total = truth.join('').length;
  if (!read || read.length !== truth.length) return { correct: 0, total };
  let correct = 0;
  truth.forEach((line, i) => {
    for (let j = 0; j < line.length; j++) if (read[i]![j] === line[j]) correct++;
  });
  return { correct, total };
}

/** The fields the service's confidence rule would put in doubt for this reading (documents.service.ts, without the visual zone). */
function inDoubt(read: MrzReading): string[] {
  const tf = read.typeface;
  const trusted = tf && tf.pitch_spread <= AUTHENTICITY_THRESHOLDS.gridTrusted.pitchSpread && tf.start_spread <= AUTHENTICITY_THRESHOLDS.gridTrusted.startSpread;
  if (!read.mrz?.valid) return [];
  return uncertainFields(read.mrz, trusted ? tf.margins : null, AUTHENTICITY_THRESHOLDS, { second: read.second_reading, namesInViz: false }).map((u) => `${u.field} (${u.why})`);
}

async function sharedSpecimens() {
  const dir = sharedDir;
  if (!existsSync(dir)) {
    console.log(`shared specimens: SKIPPED (${dir} not found; set KYC_SHARED_DATA)`);
    return null;
  }
  const rows = [];
  for (const file of readdirSync(dir).sort()) {
    const promised = /^passporteye__(\d+)_/.exec(file)?.[1];
    const t0 = performance.now();
    const r = await readMrz(readFileSync(path.join(dir, file)), ocr, { today: TODAY });
    const ms = Math.round(performance.now() - t0);
    const valid = r.mrz?.valid ?? false;
    const checks = r.mrz ? `${r.mrz.check_digits.filter((c) => c.valid).length}/${r.mrz.check_digits.length}` : '-';
    rows.push({ file, promised: promised === undefined ? null : Number(promised), format: r.mrz?.format ?? null, valid, checks, ms });
    console.log(`  ${file.padEnd(34)} promised ${String(promised ?? '-').padStart(3)}  ${(r.mrz?.format ?? 'none').padEnd(4)} checks ${checks.padEnd(4)} ${valid ? 'VALID' : '     '} ${ms} ms`);
  }
  const mustRead = rows.filter((r) => r.promised === 100);
  const summary = { files: rows.length, fully_valid: rows.filter((r) => r.valid).length, promised_100: mustRead.length, promised_100_read: mustRead.filter((r) => r.valid).length };
  console.log(`shared specimens: ${summary.fully_valid}/${summary.files} read fully valid; of the ${summary.promised_100} PassportEye promises at 100: ${summary.promised_100_read} read`);
  return { rows, summary };
}

async function generated(kind: 'clean' | 'degraded', count: number, seed: number) {
  const r = rng(seed);
  const formats: MrzFormat[] = ['TD1', 'TD2', 'TD3', 'MRVA', 'MRVB'];
  let valid = 0;
  let exact = 0;
  let correct = 0;
  let total = 0;
  const failures: unknown[] = [];
  /** Valid but not exactly right: each must be put in doubt (silent: none of its fields was). */
  const misreads: { index: number; format: MrzFormat; truth: string[]; read: string[]; engine: string | null; in_doubt: string[] }[] = [];
  const times: number[] = [];
  const engines: Record<string, number> = {};
  /** Exactly right after a check-digit correction, and of them put in doubt in a field a check digit covers (ADR 0218: the rule's cost). */
  let exactRepaired = 0;
  let exactRepairedInDoubt = 0;
  const repairs: string[] = [];
  for (let i = 0; i < count; i++) {
    const format = formats[i % formats.length]!;
    const truth = randomMrz(r, format);
    const degradation = kind === 'degraded' ? randomDegradation(r) : {};
    const image = await renderDocument(truth, seed + i, degradation);
    const t0 = performance.now();
    const read = await readMrz(image, ocr, { today: TODAY });
    times.push(performance.now() - t0);
    if (read.mrz?.valid) engines[read.engine ?? 'none'] = (engines[read.engine ?? 'none'] ?? 0) + 1;
    const acc = charAccuracy(truth.lines, read.mrz?.lines);
    correct += acc.correct;
    total += acc.total;
    if (read.mrz?.valid) valid++;
    if (read.mrz && read.mrz.lines.join() === truth.lines.join()) exact++;
    else failures.push({ format, degradation, truth: truth.lines, read: read.mrz?.lines ?? null, valid: read.mrz?.valid ?? false });
    if (read.mrz?.valid && read.mrz.lines.join() === truth.lines.join() && read.mrz.corrections.some((c) => c.by === 'check_digit')) {
      exactRepaired++;
      const doubt = inDoubt(read);
      if (doubt.some((f) => !/^(names|sex|issuing_state|nationality) /.test(f))) exactRepairedInDoubt++;
      repairs.push(`#${i} ${format} ${read.engine}: ${read.mrz.corrections.filter((c) => c.by === 'check_digit').map((c) => `${c.from}→${c.to} at ${c.line + 1}:${c.position + 1}`).join(', ')}; in doubt: ${doubt.join(', ') || 'none'}`);
    }
    if (read.mrz?.valid && read.mrz.lines.join() !== truth.lines.join()) misreads.push({ index: i, format, truth: truth.lines, read: read.mrz.lines, engine: read.engine, in_doubt: inDoubt(read) });
  }
  times.sort((a, b) => a - b);
  const silent = misreads.filter((m) => m.in_doubt.length === 0).length;
  const summary = { kind, count, fully_valid: valid, fully_valid_fraction: valid / count, exact_reads: exact, char_accuracy: correct / total, median_ms: Math.round(times[Math.floor(count / 2)] ?? 0), valid_reads_by_engine: engines, valid_not_exact: misreads.length, silent_misreads: silent, exact_repaired: exactRepaired, exact_repaired_in_doubt: exactRepairedInDoubt };
  console.log(`generated ${kind}: ${valid}/${count} read fully valid (${count ? (100 * valid / count).toFixed(1) : "-"}%), ${exact} exactly right, per-character accuracy ${(100 * correct / total).toFixed(2)}%, median ${summary.median_ms} ms; valid reads by engine ${JSON.stringify(engines)}`);
  for (const f of failures.slice(0, 5)) console.log('   miss:', JSON.stringify(f));
  console.log(`generated ${kind}: ${misreads.length} valid but not exactly right, ${silent} of them with no field in doubt (silent misreads)`);
  console.log(`generated ${kind}: ${exactRepaired} exactly right after a check-digit correction, ${exactRepairedInDoubt} of them with a check-digit field in doubt`);
  for (const line of repairs) console.log(`   right after a correction: ${line}`);
  for (const m of misreads) console.log(`   valid, not exact: #${m.index} ${m.format} ${m.engine}: read ${m.read.join('|')} (truth ${m.truth.join('|')}); in doubt: ${m.in_doubt.join(', ') || 'NONE'}`);
  return { summary, failures, misreads };
}

try {
  const seed = Number(values.seed);
  const started = Date.now();
  const mrzPart = values.only !== 'viz';
  const shared = mrzPart ? await sharedSpecimens() : null;
  const clean = mrzPart ? await generated('clean', Number(values.clean) * 5, seed) : null;
  const degraded = mrzPart ? await generated('degraded', Number(values.degraded), seed + 1_000_000) : null;
  const viz = Number(values.viz) > 0 ? await evaluateViz({ today: TODAY, sharedDir, count: Number(values.viz), seed: seed + 2_000_000 }) : null;
  const targets = {
    clean_all_valid: clean ? clean.summary.fully_valid === clean.summary.count : null,
    degraded_95: degraded ? degraded.summary.fully_valid_fraction >= 0.95 : null,
    no_silent_misreads: clean && degraded ? clean.summary.silent_misreads + degraded.summary.silent_misreads === 0 : null,
    shared_promises: shared ? shared.summary.promised_100_read >= shared.summary.promised_100 : null,
    viz_no_false_alarms: viz ? viz.generated.genuine_false_alarms === 0 && viz.shared.every((s) => !s.mismatch && s.before === s.after) : null,
  };
  console.log(`targets: ${JSON.stringify(targets)} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (values.json) writeFileSync(values.json, JSON.stringify({ date: TODAY, shared, clean, degraded, viz, targets }, null, 2));
} finally {
  await ocr.close();
}
