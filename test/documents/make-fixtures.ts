/**
 * Writes the small synthetic images in test/documents/fixtures/ (run: npx tsx test/documents/make-fixtures.ts;
 * needs Debian's fonts-ocr-b; licences use DejaVu Sans). Committed so the tests need no font. Every identity here is invented. The visual
 * zone prints the MRZ's data, except on passport-viz-contradiction.jpg.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createFaceService } from '../../src/modules/biometrics/index.ts';
import { dvlaNumber, type LicenceTruth, renderLicence } from '../../eval/documents/licence-synthetic.ts';
import { buildMrz, renderDocument, rng } from '../../eval/documents/synthetic.ts';

const dir = new URL('./fixtures/', import.meta.url);
const person = { document_code: 'P<', issuing_state: 'GBR', nationality: 'GBR', document_number: '533401372', birth_date: '900115', sex: 'M', expiry_date: '310101', optional_data: '', names: 'SMITH<<JOHN<PAUL' };
const small = { scale: 0.6, jpegQuality: 70 };

// The portrait: the largest upright face of the sample photos the face-api package ships (MIT), found by the face engine.
const demoDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');
const faces = createFaceService({ passiveLiveness: false });
let portrait: Buffer | undefined;
for (const name of ['sample2.jpg', 'sample3.jpg', 'sample4.jpg', 'sample5.jpg', 'sample1.jpg']) {
  const demo = path.join(demoDir, name);
  const analysis = await faces.analyze(readFileSync(demo));
  const face = analysis.faces.find((f) => f.rotation === 0);
  if (!face) continue;
  const { box } = face;
  const k = (await sharp(demo).metadata()).width! / analysis.width;
  const m = box.width * 0.3;
  portrait = await sharp(demo).extract({ left: Math.max(0, Math.round((box.x - m) * k)), top: Math.max(0, Math.round((box.y - m * 1.3) * k)), width: Math.round((box.width + 2 * m) * k), height: Math.round((box.height + 2.4 * m) * k) }).jpeg().toBuffer();
  console.log('portrait from', name);
  break;
}
await faces.close();
if (!portrait) throw new Error('no upright face in the face-api samples');
const withFace = { portrait };
const idCard = { ...person, document_code: 'ID', issuing_state: 'FRA', nationality: 'FRA', document_number: 'X4RTBPFW4', names: 'MARTIN<<CLAIRE', sex: 'F' };
/** The card photographed on a dark table, a margin around it. */
const onTable = (card: Buffer) => sharp(card).extend({ top: 60, bottom: 60, left: 80, right: 80, background: '#3a3a40' }).jpeg({ quality: 80 }).toBuffer();

const fixtures: [string, Buffer][] = [
  ['passport-gbr.jpg', await renderDocument(buildMrz('TD3', person), 1, small, undefined, withFace)],
  // The same passport with its portrait painted over (the empty grey box): PORTRAIT_NOT_FOUND.
  ['passport-no-portrait.jpg', await renderDocument(buildMrz('TD3', person), 1, small)],
  ['passport-uto-specimen.jpg', await renderDocument(buildMrz('TD3', { ...person, issuing_state: 'UTO', nationality: 'UTO', names: 'ERIKSSON<<ANNA<MARIA', sex: 'F' }), 2, small, undefined, withFace)],
  ['passport-underage.jpg', await renderDocument(buildMrz('TD3', { ...person, birth_date: '120630', names: 'SMITH<<OLIVER' }), 3, small, undefined, withFace)],
  // Genuine MRZ (every check digit valid), but the printed page names someone else, born on another day. No
  // portrait: beside a photo, page OCR of this synthetic layout loses the labels (a limit of the VIZ check).
  ['passport-viz-contradiction.jpg', await renderDocument(buildMrz('TD3', person), 5, small, { surname: 'JONES', birth_date: '1984-06-23' })],
  ['id-card-td1-degraded.jpg', await renderDocument(buildMrz('TD1', { ...person, document_code: 'ID', issuing_state: 'D', nationality: 'D', document_number: 'T22000129', names: 'MUELLER<<JUERGEN', sex: 'M' }), 4, { rotate: 3, blur: 0.9, noise: 10, scale: 0.6, jpegQuality: 60 })],
  // One TD1 card's two sides as ICAO 9303-5 prints them (the hosted flow's upload feedback tells them apart):
  // the front with the portrait and no MRZ, on a dark table so the card is found; the back with the MRZ.
  ['id-card-td1-front.jpg', await onTable(await renderDocument(buildMrz('TD1', idCard), 6, {}, undefined, { ...withFace, side: 'front' }))],
  ['id-card-td1-back.jpg', await renderDocument(buildMrz('TD1', idCard), 6, { jpegQuality: 80 }, undefined, { side: 'back' })],
  // A passport's photo page with the MRZ out of the picture: a face, nothing to read.
  ['passport-no-mrz.jpg', await renderDocument(buildMrz('TD3', person), 1, small, undefined, { ...withFace, side: 'front' })],
];

// Driving licences in the photocard layout (eval/documents/licence-synthetic.ts), photographed on a table.
const gb: LicenceTruth = {
  issuer: 'GB', surname: 'MORGAN', forenames: 'SARAH MEREDITH', birth_date: '1976-03-11', place_of_birth: 'UNITED KINGDOM', sex: 'F',
  issue_date: '2021-01-19', expiry_date: '2031-01-18', authority: 'DVLA', number: dvlaNumber('MORGAN', 'SARAH MEREDITH', '1976-03-11', 'F', rng(1)),
  issue_number: '35', address: '122 BURNS CRESCENT, EDINBURGH, EH1 9GP', categories: 'AM/A/B1/B/f/k/l/n/p/q',
};
const ni: LicenceTruth = { ...gb, issuer: 'NI', surname: 'OBRIEN', forenames: 'CIARAN PATRICK', birth_date: '1988-07-02', sex: 'M', place_of_birth: 'NORTHERN IRELAND', authority: 'DVA (NI)', number: '46803175', issue_number: '', address: '14 MILL LANE, BELFAST, BT1 5GS' };
const de: LicenceTruth = { ...gb, issuer: 'DE', surname: 'SCHMIDT', forenames: 'LENA MARIE', birth_date: '1990-05-14', place_of_birth: 'HAMBURG', authority: 'STADT HAMBURG', number: 'B072RRE2I55', issue_number: '', address: '', categories: 'AM/A1/B/L' };
fixtures.push(
  ['licence-gb.jpg', await renderLicence(gb, 11, { scale: 0.8, jpegQuality: 75 })],
  ['licence-gb-tilted.jpg', await renderLicence(gb, 12, { rotate: -4, noise: 10, scale: 0.8, jpegQuality: 70 })],
  // The number's check characters replaced by the XX that number templates print.
  ['licence-gb-xx.jpg', await renderLicence({ ...gb, number: `${gb.number.slice(0, 14)}XX` }, 13, { scale: 0.8, jpegQuality: 75 })],
  ['licence-ni.jpg', await renderLicence(ni, 14, { rotate: 2, blur: 0.6, scale: 0.8, jpegQuality: 75 })],
  ['licence-de.jpg', await renderLicence(de, 15, { scale: 0.8, jpegQuality: 75 })],
);
console.log('GB licence number', gb.number);
for (const [name, buf] of fixtures) {
  writeFileSync(new URL(name, dir), buf);
  console.log(name, buf.length, 'bytes');
}
