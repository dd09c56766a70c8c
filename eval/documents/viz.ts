/**
 * Visual zone against MRZ (part of `npm run eval:documents`):
 *  - shared specimens: every document through the service with and without the VIZ check; a decision that
 *    changes, or a VIZ_MRZ_MISMATCH on a genuine specimen, is a false alarm;
 *  - generated documents: genuine ones (the VIZ prints the MRZ's data) must not raise VIZ_MRZ_MISMATCH;
 *    contradicting ones (the VIZ prints another surname, date of birth or document number) should.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MrzFormat } from '../../src/modules/documents/domain/mrz-layouts.ts';
import { createDocumentService, type DocumentService } from '../../src/modules/documents/index.ts';
import { randomDegradation, randomMrz, renderDocument, rng, vizFromMrz, type VizValues } from './synthetic.ts';

const hasMismatch = (r: { reasons: { code: string }[] }) => r.reasons.some((x) => x.code === 'VIZ_MRZ_MISMATCH');
const statuses = (r: Awaited<ReturnType<DocumentService['checkIdentityDocument']>>) => r.viz ? r.viz.fields.map((f) => `${f.field}:${f.status}`).join(' ') : 'not compared';

export async function evaluateViz(options: { today: string; sharedDir: string; count: number; seed: number }) {
  const withViz = createDocumentService({ vizCheck: true });
  const withoutViz = createDocumentService({ vizCheck: false });
  try {
    const shared: { file: string; before: string; after: string; mismatch: boolean; compared: string }[] = [];
    if (existsSync(options.sharedDir)) {
      for (const file of readdirSync(options.sharedDir).sort()) {
        const image = readFileSync(path.join(options.sharedDir, file));
        const before = await withoutViz.checkIdentityDocument({ images: [image], today: options.today });
        const after = await withViz.checkIdentityDocument({ images: [image], today: options.today });
        shared.push({ file, before: before.decision, after: after.decision, mismatch: hasMismatch(after), compared: statuses(after) });
        console.log(`  ${file.padEnd(34)} ${before.decision.padEnd(6)} -> ${after.decision.padEnd(6)} ${hasMismatch(after) ? 'VIZ_MRZ_MISMATCH' : ''} ${statuses(after)}`);
      }
      const falseAlarms = shared.filter((s) => s.mismatch || s.before !== s.after).length;
      console.log(`viz on shared specimens: ${falseAlarms}/${shared.length} false alarms (decision changed or VIZ_MRZ_MISMATCH on a genuine specimen)`);
    }
    const r = rng(options.seed);
    const formats: MrzFormat[] = ['TD1', 'TD2', 'TD3', 'MRVA', 'MRVB'];
    const tally = { genuine: 0, genuine_compared: 0, genuine_false_alarms: 0, altered: 0, altered_compared: 0, altered_detected: 0, fields_agreeing: 0, fields_compared_total: 0 };
    const times: number[] = [];
    for (let i = 0; i < options.count; i++) {
      const m = randomMrz(r, formats[i % formats.length]!);
      const degradation = i % 4 >= 2 ? randomDegradation(r) : {};
      const altered = i % 2 === 1;
      const truth = vizFromMrz(m);
      // One field changed the way a forger would: another surname, a birth date years apart, another number.
      const change: Partial<VizValues> = [
        { surname: truth.surname === 'HARRINGTON' ? 'WILLOUGHBY' : 'HARRINGTON' },
        { birth_date: `${Number(truth.birth_date.slice(0, 4)) - 7}-${truth.birth_date.slice(5, 7) === '03' ? '09' : '03'}-${truth.birth_date.slice(8)}` },
        { document_number: 'K7' + truth.document_number.slice(2).split('').reverse().join('') },
      ][Math.floor(i / 2) % 3]!;
      const image = await renderDocument(m, options.seed + i, degradation, altered ? change : undefined);
      const t0 = performance.now();
      const result = await withViz.checkIdentityDocument({ images: [image], today: options.today });
      times.push(performance.now() - t0);
      const compared = result.viz?.read ?? false;
      for (const f of result.viz?.fields ?? []) {
        if (f.status === 'agrees') tally.fields_agreeing++;
        tally.fields_compared_total++;
      }
      if (altered) {
        tally.altered++;
        if (compared) tally.altered_compared++;
        if (hasMismatch(result)) tally.altered_detected++;
      } else {
        tally.genuine++;
        if (compared) tally.genuine_compared++;
        if (hasMismatch(result)) {
          tally.genuine_false_alarms++;
          console.log('   false alarm:', JSON.stringify({ format: m.format, degradation, viz: result.viz }));
        }
      }
    }
    times.sort((a, b) => a - b);
    const summary = { ...tally, median_ms_with_viz: Math.round(times[Math.floor(times.length / 2)] ?? 0) };
    console.log(`viz on generated: genuine ${tally.genuine} (compared ${tally.genuine_compared}), false alarms ${tally.genuine_false_alarms}; contradicting ${tally.altered} (compared ${tally.altered_compared}), detected ${tally.altered_detected}; fields agreeing ${tally.fields_agreeing}/${tally.fields_compared_total}; median ${summary.median_ms_with_viz} ms per document with the VIZ check`);
    return { shared, generated: summary };
  } finally {
    await withViz.close();
    await withoutViz.close();
  }
}
