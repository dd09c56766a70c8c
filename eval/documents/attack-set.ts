/**
 * The attack set of eval/documents/attacks.ts, built deterministically from generated documents (see there).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { MrzFormat } from '../../src/modules/documents/domain/mrz-layouts.ts';
import { randomMrz, renderDocument, rng, type SyntheticMrz } from './synthetic.ts';

const shared = process.env.KYC_SHARED_DATA ?? path.resolve('../shared/data');
const faceDir = path.join(shared, 'faces/faceapi-bbt');
function faces(): Buffer[] {
  if (!existsSync(faceDir)) throw new Error(`${faceDir} not found: set KYC_SHARED_DATA (the genuine documents need face photos)`);
  return readdirSync(faceDir).sort().flatMap((p) => readdirSync(path.join(faceDir, p)).sort().map((f) => readFileSync(path.join(faceDir, p, f))));
}

export const ATTACKS = ['portrait', 'photocopy', 'screen', 'print', 'font', 'edit', 'chrome'] as const;
export type Kind = 'genuine' | (typeof ATTACKS)[number];

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
      const rowGap = y % period === period - 1 ? 0.8 : 1;
      const glare = 60 * Math.exp(-((x - gx) ** 2 + (y - gy) ** 2) / (2 * (d.width * 0.12) ** 2));
      for (let c = 0; c < 3; c++) {
        const sub = Math.floor(((x % period) * 3) / period) === c ? 1 : 0.75;
        d.data[i + c] = Math.max(0, Math.min(255, d.data[i + c]! * sub * rowGap * moire * 1.25 + glare));
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
        // Half the halftone over the continuous tone: a good printer at this resolution, its screen still visible.
        d.data[i + c] = Math.round(0.5 * d.data[i + c]! + 0.5 * (dot < Math.sqrt(ink) ? 35 : 245));
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

export interface Item { id: string; kind: Kind; split: 'calibration' | 'test' | 'specimen'; image: Buffer; format: MrzFormat | null }

export async function build(count: number): Promise<Item[]> {
  const items: Item[] = [];
  const portraits = faces();
  const formats: MrzFormat[] = ['TD3', 'TD2', 'TD3', 'MRVA'];
  for (let n = 0; n < 2 * count; n++) {
    const seed = 1000 + n;
    const split = seed % 2 ? 'calibration' : 'test';
    const r = rng(seed);
    // Consecutive seeds share a format, so that each split (odd and even seeds) holds every format: cycling by
    // seed put only TD3 in the test split and only TD2 and MRV-A in the calibration split.
    const format = formats[Math.floor(n / 2) % formats.length]!;
    const m = randomMrz(r, format);
    const other = randomMrz(r, format);
    const portrait = portraits[(n * 7) % portraits.length]!;
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

