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
 * test split the figures are reported on. Options: --count N (documents per split, default 8), --json FILE.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createFaceService } from '../../src/modules/biometrics/index.ts';
import { createDocumentService } from '../../src/modules/documents/index.ts';
import type { MrzFormat } from '../../src/modules/documents/domain/mrz-layouts.ts';
import { randomMrz, renderDocument, rng, type SyntheticMrz } from './synthetic.ts';

const TODAY = '2026-11-22';
const { values } = parseArgs({ options: { count: { type: 'string', default: '8' }, json: { type: 'string' } } });
const shared = process.env.KYC_SHARED_DATA ?? path.resolve('../shared/data');
const faceDir = path.join(shared, 'faces/faceapi-bbt');
if (!existsSync(faceDir)) throw new Error(`${faceDir} not found: set KYC_SHARED_DATA (the genuine documents need face photos)`);
const faces = readdirSync(faceDir).flatMap((p) => readdirSync(path.join(faceDir, p)).map((f) => readFileSync(path.join(faceDir, p, f))));

export const ATTACKS = ['portrait', 'photocopy', 'screen', 'print', 'font', 'edit', 'chrome'] as const;
type Kind = 'genuine' | (typeof ATTACKS)[number];

const photo = { noise: 5, blur: 0.5, jpegQuality: 82 };

async function raw(buf: Buffer) {
  const { data, info } = await sharp(buf).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const fromRaw = (d: Awaited<ReturnType<typeof raw>>) => sharp(d.data, { raw: { width: d.width, height: d.height, channels: d.channels as 3 } });

function addNoise(d: Awaited<ReturnType<typeof raw>>, r: () => number, sigma: number) {
  for (let i = 0; i < d.data.length; i++) d.data[i] = Math.max(0, Math.min(255, d.data[i]! + (r() + r() + r() - 1.5) * 2 * sigma));
}

async function photocopy(clean: Buffer, r: () => number): Promise<Buffer> {
  const g = await sharp(clean).grayscale().linear(1.25, -30).toColourspace('srgb').png().toBuffer();
  const d = await raw(g);
  // A warm cast from the room's light, as a phone photo of the copy would have.
  for (let i = 0; i < d.data.length; i += 3) [d.data[i], d.data[i + 2]] = [Math.min(255, d.data[i]! + 6), Math.max(0, d.data[i + 2]! - 6)];
  addNoise(d, r, 5);
  return fromRaw(d).blur(0.6).jpeg({ quality: 80 }).toBuffer();
}

async function screen(clean: Buffer, r: () => number): Promise<Buffer> {
  const d = await raw(clean);
  const period = 3 + Math.floor(r() * 3);
  const beat = 40 + r() * 60;
  const angle = r() * Math.PI;
  const [gx, gy] = [d.width * (0.3 + r() * 0.4), d.height * (0.2 + r() * 0.4)];
  for (let y = 0; y < d.height; y++) {
    for (let x = 0; x < d.width; x++) {
      const i = (y * d.width + x) * 3;
      const moire = 0.85 + 0.15 * Math.sin((2 * Math.PI * (x * Math.cos(angle) + y * Math.sin(angle))) / beat);
      const rowGap = y % period === period - 1 ? 0.55 : 1;
      const glare = 90 * Math.exp(-((x - gx) ** 2 + (y - gy) ** 2) / (2 * (d.width * 0.12) ** 2));
      for (let c = 0; c < 3; c++) {
        const sub = Math.floor(((x % period) * 3) / period) === c ? 1 : 0.45;
        d.data[i + c] = Math.max(0, Math.min(255, d.data[i + c]! * sub * rowGap * moire * 1.5 + glare));
      }
    }
  }
  addNoise(d, r, 4);
  return fromRaw(d).blur(0.4).jpeg({ quality: 85 }).toBuffer();
}

async function print(clean: Buffer, r: () => number): Promise<Buffer> {
  const d = await raw(clean);
  const cell = 4 + Math.floor(r() * 2);
  // Clustered-dot halftone per channel (CMY on white), each channel's screen shifted.
  for (let y = 0; y < d.height; y++) {
    for (let x = 0; x < d.width; x++) {
      const i = (y * d.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const u = ((x + c) % cell) / cell - 0.5;
        const v = ((y + 2 * c) % cell) / cell - 0.5;
        const dot = Math.hypot(u, v) / 0.7071;
        const ink = 1 - d.data[i + c]! / 255;
        d.data[i + c] = dot < Math.sqrt(ink) ? 35 : 245;
      }
    }
  }
  addNoise(d, r, 4);
  return fromRaw(d).blur(0.5).jpeg({ quality: 85 }).toBuffer();
}

async function chrome(clean: Buffer, r: () => number): Promise<Buffer> {
  const page = await sharp(clean).png().toBuffer();
  const meta = await sharp(page).metadata();
  const [w, h] = [meta.width! + 420, meta.height! + 220];
  const bar = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#3c3f41"/>` +
    `<rect width="${w}" height="64" fill="#ececec"/><rect y="64" width="300" height="${h - 64}" fill="#f6f6f6"/>` +
    Array.from({ length: 6 }, (_, i) => `<rect x="${12 + i * 48}" y="14" width="36" height="36" rx="4" fill="#${i % 2 ? 'd0d0d0' : '4a90d9'}"/>`).join('') +
    Array.from({ length: 5 }, (_, i) => `<rect x="20" y="${100 + i * 60}" width="240" height="40" fill="#e2e2e2"/>`).join('') + `</svg>`);
  const left = 340 + Math.floor(r() * 40);
  return sharp(bar).composite([{ input: page, left, top: 110 }]).png().toBuffer();
}

async function edit(m: SyntheticMrz, other: SyntheticMrz, seed: number, portrait: Buffer): Promise<Buffer> {
  const genuine = await renderDocument(m, seed, { noise: 9, jpegQuality: 70 }, undefined, { portrait });
  const forged = await renderDocument(other, seed, {}, undefined, { portrait });
  const meta = await sharp(genuine).metadata();
  const band = Math.round(meta.height! * (m.format === 'TD1' ? 0.36 : 0.24));
  const patch = await sharp(forged).extract({ left: 0, top: meta.height! - band, width: meta.width!, height: band }).jpeg({ quality: 95 }).toBuffer();
  return sharp(genuine).composite([{ input: patch, left: 0, top: meta.height! - band }]).jpeg({ quality: 88 }).toBuffer();
}

interface Item { id: string; kind: Kind; split: 'calibration' | 'test' | 'specimen'; image: Buffer; format: MrzFormat | null }

async function build(count: number): Promise<Item[]> {
  const items: Item[] = [];
  const formats: MrzFormat[] = ['TD3', 'TD2', 'TD3', 'MRVA'];
  for (let n = 0; n < 2 * count; n++) {
    const seed = 1000 + n;
    const split = seed % 2 ? 'calibration' : 'test';
    const r = rng(seed);
    const format = formats[n % formats.length]!;
    const m = randomMrz(r, format);
    const other = randomMrz(r, format);
    const portrait = faces[(n * 7) % faces.length]!;
    const clean = await renderDocument(m, seed, {}, undefined, { portrait });
    const add = (kind: Kind, image: Buffer) => items.push({ id: `${seed}-${format}-${kind}`, kind, split, image, format });
    add('genuine', await renderDocument(m, seed, photo, undefined, { portrait }));
    add('portrait', await renderDocument(m, seed, photo));
    add('photocopy', await photocopy(clean, r));
    add('screen', await screen(clean, r));
    add('print', await print(clean, r));
    add('font', await renderDocument(m, seed, photo, undefined, { portrait, mrzFont: 'DejaVu Sans Mono' }));
    add('edit', await edit(m, other, seed, portrait));
    add('chrome', await chrome(clean, r));
  }
  const docDir = path.join(shared, 'documents');
  for (const file of readdirSync(docDir).sort()) items.push({ id: file, kind: 'genuine', split: 'specimen', image: readFileSync(path.join(docDir, file)), format: null });
  return items;
}

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
    console.log(`${item.split.padEnd(11)} ${item.id.padEnd(34)} ${row.decision.padEnd(6)} read=${row.read ? 'Y' : 'n'} col=${s?.colourfulness?.toFixed(1)} scr=${s?.screen_peak?.toFixed(2)} shape=${s?.typeface?.shape.toFixed(3)} ps=${s?.typeface?.pitch_spread.toFixed(3)} noise=${s?.noise_ratio?.toFixed(2)} chrome=${s?.chrome_edges} face=${s?.portrait?.found ? 'Y' : 'n'}${s?.portrait ? s.portrait.face_height.toFixed(2) : ''} ${codes.join(',')} ${row.ms}ms`);
  }
  report(rows);
  if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 1));
  await service.close();
  await faceService.close();
}

type Row = { kind: Kind; split: string; decision: string; codes: string[]; read: boolean; id: string };

function report(rows: Row[]) {
  for (const split of ['calibration', 'test'] as const) {
    const inSplit = rows.filter((r) => r.split === split);
    const genuine = inSplit.filter((r) => r.kind === 'genuine');
    const attacks = inSplit.filter((r) => r.kind !== 'genuine');
    const caught = attacks.filter((r) => r.decision !== 'PASSED');
    console.log(`\n${split}: genuine PASSED ${genuine.filter((r) => r.decision === 'PASSED').length}/${genuine.length} (authenticity false alarms ${genuine.filter((r) => r.codes.length > 0).length}); attacks not PASSED ${caught.length}/${attacks.length}`);
    for (const kind of ATTACKS) {
      const k = attacks.filter((r) => r.kind === kind);
      const byCode = new Map<string, number>();
      for (const r of k) for (const c of new Set(r.codes)) byCode.set(c, (byCode.get(c) ?? 0) + 1);
      console.log(`  ${kind.padEnd(10)} caught ${k.filter((r) => r.decision !== 'PASSED').length}/${k.length}  by signal: ${[...byCode].map(([c, n]) => `${c} ${n}`).join(', ')}`);
    }
  }
  const specimens = rows.filter((r) => r.split === 'specimen');
  console.log(`\nshared specimens: ${specimens.filter((r) => r.codes.length === 0).length}/${specimens.length} without an authenticity reason`);
  for (const r of specimens) console.log(`  ${r.id.padEnd(34)} ${r.decision.padEnd(6)} read=${r.read ? 'Y' : 'n'} ${r.codes.join(',') || '-'}`);
}

await main();
