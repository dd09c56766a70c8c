/**
 * Writes the small synthetic images in test/documents/fixtures/ (run: npx tsx test/documents/make-fixtures.ts;
 * needs Debian's fonts-ocr-b). Committed so the tests need no font. Every identity here is invented. The visual
 * zone prints the MRZ's data, except on passport-viz-contradiction.jpg.
 */
import { writeFileSync } from 'node:fs';
import { buildMrz, renderDocument } from '../../eval/documents/synthetic.ts';

const dir = new URL('./fixtures/', import.meta.url);
const person = { document_code: 'P<', issuing_state: 'GBR', nationality: 'GBR', document_number: '533401372', birth_date: '900115', sex: 'M', expiry_date: '310101', optional_data: '', names: 'SMITH<<JOHN<PAUL' };
const small = { scale: 0.6, jpegQuality: 70 };

const fixtures: [string, Buffer][] = [
  ['passport-gbr.jpg', await renderDocument(buildMrz('TD3', person), 1, small)],
  ['passport-uto-specimen.jpg', await renderDocument(buildMrz('TD3', { ...person, issuing_state: 'UTO', nationality: 'UTO', names: 'ERIKSSON<<ANNA<MARIA', sex: 'F' }), 2, small)],
  ['passport-underage.jpg', await renderDocument(buildMrz('TD3', { ...person, birth_date: '120630', names: 'SMITH<<OLIVER' }), 3, small)],
  // Genuine MRZ (every check digit valid), but the printed page names someone else, born on another day.
  ['passport-viz-contradiction.jpg', await renderDocument(buildMrz('TD3', person), 5, small, { surname: 'JONES', birth_date: '1984-06-23' })],
  ['id-card-td1-degraded.jpg', await renderDocument(buildMrz('TD1', { ...person, document_code: 'ID', issuing_state: 'D', nationality: 'D', document_number: 'T22000129', names: 'MUELLER<<JUERGEN', sex: 'M' }), 4, { rotate: 3, blur: 0.9, noise: 10, scale: 0.6, jpegQuality: 60 })],
];
for (const [name, buf] of fixtures) {
  writeFileSync(new URL(name, dir), buf);
  console.log(name, buf.length, 'bytes');
}
