/**
 * `npm run eval:attacks`: the authenticity signals against an attack set the project builds, deterministically.
 *
 * Genuine: generated documents (eval/documents/synthetic.ts) with a face photo in the portrait box (the shared
 * faces, KYC_SHARED_DATA/faces), photographed-like (noise, blur, JPEG); and the shared real specimens
 * (KYC_SHARED_DATA/documents), each of which must raise no authenticity reason.
 * Attacks, each made from a genuine generated document:
 *   portrait   the portrait painted over (the empty grey box)
 *   photocopy  greyscale copy, photographed (contrast, noise, JPEG)
 *   screen     shown on a screen and photographed: RGB sub-pixel grid, moiré beat, glare, blur, JPEG
 *   print      printed (halftone dot screen) and photographed
 *   font       the MRZ set in another typeface (DejaVu Sans Mono) at the same pitch
 *   edit       the MRZ zone replaced by a clean render of another identity, saved again
 *   chrome     a screenshot: the page inside an application window (toolbar, buttons, side panel)
 * Documents with an odd seed are the calibration split (thresholds are chosen on it only), even seeds the
 * test split the figures are reported on. Options: --count N (documents per split, default 8), --json FILE,
 * --report FILE (the summary of an earlier --json run, without measuring).
 * Each split reports attacks "not PASSED" (the decision) and, apart, "caught by a signal" (an authenticity reason
 * or MRZ_LOW_CONFIDENCE fired): an attack on a visa is never PASSED (a visa is not an accepted identity
 * document) and an unread MRZ is REFER, so only the second count measures the signals.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createFaceService } from '../../src/modules/biometrics/index.ts';
import { createDocumentService } from '../../src/modules/documents/index.ts';
import { ATTACKS, build, type Kind } from './attack-set.ts';

const TODAY = '2026-11-22';
const { values } = parseArgs({ options: { count: { type: 'string', default: '8' }, json: { type: 'string' }, report: { type: 'string' } } });

const AUTH_CODES = ['PORTRAIT_NOT_FOUND', 'PORTRAIT_NOT_CHECKED', 'PHOTOCOPY_SUSPECTED', 'SCREEN_RECAPTURE_SUSPECTED', 'MRZ_TYPEFACE_INCONSISTENT', 'EDITING_SUSPECTED', 'SCREENSHOT_SUSPECTED', 'SPECIMEN_STAMP', 'MRZ_LOW_CONFIDENCE'];

async function main() {
  const count = Number(values.count);
  const faceService = createFaceService({ passiveLiveness: false });
  const service = createDocumentService({ faces: { find: (b) => faceService.analyze(b) }, now: () => new Date(`${TODAY}T12:00:00Z`) });
  const items = await build(count);
  const rows = [];
  for (const item of items) {
    const t0 = performance.now();
    const res = await service.checkIdentityDocument({ images: [item.image], today: TODAY });
    const codes = res.reasons.filter((x) => AUTH_CODES.includes(x.code)).map((x) => x.code);
    const row = { id: item.id, kind: item.kind, split: item.split, read: res.mrz?.valid ?? false, decision: res.decision, codes, all: res.reasons.map((x) => x.code), signals: res.authenticity ?? null, ms: Math.round(performance.now() - t0) };
    rows.push(row);
    const s = row.signals;
    console.log(`${item.split.padEnd(11)} ${item.id.padEnd(34)} ${row.decision.padEnd(6)} read=${row.read ? 'Y' : 'n'} col=${s?.colourfulness?.toFixed(1)} scr=${s?.screen_peak?.toFixed(2)} shape=${s?.typeface?.shape.toFixed(3)} ps=${s?.typeface?.pitch_spread.toFixed(3)} noise=${s?.noise_ratio?.toFixed(2)} chrome=${s?.chrome_edges} face=${s?.portrait?.found ? 'Y' : 'n'}${s?.portrait ? s.portrait.face_height.toFixed(2) : ''}${s?.portrait?.fine_detail !== undefined ? `/fd${s.portrait.fine_detail}` : ''} ${codes.join(',')} ${row.ms}ms`);
  }
  report(rows);
  if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 1));
  await service.close();
  await faceService.close();
}

type Row = { kind: Kind; split: string; decision: string; codes: string[]; all: string[]; read: boolean; id: string };

/**
 * Why an attack was not PASSED: an authenticity signal (or MRZ_LOW_CONFIDENCE) flagged it; else its MRZ was
 * not read validly; else only because it is a visa (DOC_TYPE_NOT_ACCEPTED: a visa is never an accepted identity
 * document, so its "not PASSED" says nothing about the signals); else another reason.
 */
function why(r: Row): 'signal' | 'not read' | 'not measured' | 'visa only' | 'other' | 'PASSED' {
  if (r.decision === 'PASSED') return 'PASSED';
  if (r.codes.length > 0) return 'signal';
  if (!r.read) return 'not read';
  // Read with every check digit valid, but no page to measure (AUTHENTICITY_NOT_MEASURED, REFER).
  if (r.all.includes('AUTHENTICITY_NOT_MEASURED')) return 'not measured';
  return r.all.includes('DOC_TYPE_NOT_ACCEPTED') ? 'visa only' : 'other';
}

function tally(rows: Row[]): string {
  const n = (w: ReturnType<typeof why>) => rows.filter((r) => why(r) === w).length;
  const notPassed = rows.length - n('PASSED');
  const rest = (['not read', 'not measured', 'visa only', 'other'] as const).filter((w) => n(w) > 0).map((w) => `${w} ${n(w)}`);
  return `not PASSED ${notPassed}/${rows.length}, caught by a signal ${n('signal')}/${rows.length}${rest.length ? ` (not PASSED otherwise: ${rest.join(', ')})` : ''}`;
}

function report(rows: Row[]) {
  for (const split of ['calibration', 'test'] as const) {
    const inSplit = rows.filter((r) => r.split === split);
    const genuine = inSplit.filter((r) => r.kind === 'genuine');
    const attacks = inSplit.filter((r) => r.kind !== 'genuine');
    console.log(`\n${split}: genuine PASSED ${genuine.filter((r) => r.decision === 'PASSED').length}/${genuine.length} (authenticity false alarms ${genuine.filter((r) => r.codes.length > 0).length}); attacks ${tally(attacks)}`);
    for (const kind of ATTACKS) {
      const k = attacks.filter((r) => r.kind === kind);
      const byCode = new Map<string, number>();
      for (const r of k) for (const c of new Set(r.codes)) byCode.set(c, (byCode.get(c) ?? 0) + 1);
      const missed = k.filter((r) => why(r) !== 'signal').map((r) => r.id);
      console.log(`  ${kind.padEnd(10)} ${tally(k)}  by signal: ${[...byCode].map(([c, n]) => `${c} ${n}`).join(', ') || '-'}${missed.length ? `  no signal: ${missed.join(' ')}` : ''}`);
    }
  }
  const specimens = rows.filter((r) => r.split === 'specimen');
  console.log(`\nshared specimens: ${specimens.filter((r) => r.codes.length === 0).length}/${specimens.length} without an authenticity reason`);
  // The other reasons too (PORTRAIT_SIDE_MISSING, a card's back alone, is a missing image, not an authenticity alarm).
  for (const r of specimens) console.log(`  ${r.id.padEnd(34)} ${r.decision.padEnd(6)} read=${r.read ? 'Y' : 'n'} ${r.codes.join(',') || '-'}  other: ${r.all.filter((c) => !AUTH_CODES.includes(c)).join(',') || '-'}`);
}

// --report FILE: print the summary again from a --json file of an earlier run (nothing is measured).
if (values.report) report(JSON.parse(readFileSync(values.report, 'utf8')) as Row[]);
else await main();
