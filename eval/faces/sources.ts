/**
 * Face images the evaluations are built from, each with an identity:
 *  - the shared set (KYC_SHARED_DATA/faces, one folder per person, several images each);
 *  - the demo photos that @vladmandic/face-api and @vladmandic/human ship (MIT-licensed packages): every
 *    face found on them large enough is cut out as a square portrait. Their people are not named, so each
 *    face is its own identity and faces of one photo are kept in one split (`group`); the same person may
 *    appear on two demo photos, which the report counts as a limit.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { FaceEngine } from '../../src/modules/biometrics/face-engine.ts';
import type { RgbImage } from '../../src/modules/biometrics/image.ts';

const require = createRequire(import.meta.url);

export interface FaceSource {
  /** Unique, stable id (relative path, or photo#face). */
  id: string;
  /** Same identity = same person. */
  identity: string;
  /** Unit of the calibration/test split: the identity, or the demo photo the face was cut from. */
  group: string;
  origin: 'shared' | 'face-api-demo' | 'human-assets';
  file: string;
  image: RgbImage;
}

export const sharedFacesDir = (): string => path.join(path.resolve(process.env.KYC_SHARED_DATA ?? path.join(import.meta.dirname, '../../../shared/data')), 'faces');

function pkgDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.readFileSync(path.join(dir, 'package.json'), 'utf8').includes(`"name": "${name}"`)) dir = path.dirname(dir);
  return dir;
}

/** The group photos shipped in packages (not screenshots with drawn overlays). */
export function demoPhotos(): Array<{ file: string; origin: FaceSource['origin'] }> {
  const faceApi = path.join(pkgDir('@vladmandic/face-api'), 'demo');
  const human = path.join(pkgDir('@vladmandic/human'), 'assets');
  return [
    ...[1, 2, 3, 4, 5, 6].map((n) => ({ file: path.join(faceApi, `sample${n}.jpg`), origin: 'face-api-demo' as const })),
    { file: path.join(human, 'samples.jpg'), origin: 'human-assets' as const },
  ].filter((p) => fs.existsSync(p.file));
}

/** `border`: share of the side added on each edge by repeating edge pixels (tight crops get a selfie's framing). */
async function readRgb(file: string, border = 0): Promise<RgbImage> {
  const meta = await sharp(file).metadata();
  const b = Math.round(Math.max(meta.width ?? 0, meta.height ?? 0) * border);
  const framed = b > 0 ? await sharp(file).extend({ top: b, bottom: b, left: b, right: b, extendWith: 'copy' }).png().toBuffer() : file;
  const { data, info } = await sharp(framed).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

export function sharedFaceFiles(): Array<{ identity: string; file: string }> {
  const dir = sharedFacesDir();
  const out: Array<{ identity: string; file: string }> = [];
  if (!fs.existsSync(dir)) return out;
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.(png|jpe?g|webp)$/i.test(e.name)) out.push({ identity: path.relative(dir, d), file: full });
    }
  };
  walk(dir);
  return out;
}

/** The shared images are tight face crops; a border gives them the framing of a selfie. */
const SHARED_BORDER = 0.3;

/** Smallest face (px, in the photo's own resolution) cut from a demo photo: smaller ones are not selfies. */
const MIN_DEMO_FACE = 70;

/**
 * Every source. Demo photos are analysed with the engine to find their faces; each face is cut as a
 * square of 2.2 face widths (a selfie's framing), from the full-resolution photo.
 */
export async function loadFaceSources(engine: FaceEngine): Promise<FaceSource[]> {
  const out: FaceSource[] = [];
  for (const f of sharedFaceFiles()) {
    out.push({ id: path.relative(sharedFacesDir(), f.file), identity: `shared:${f.identity}`, group: `shared:${f.identity}`, origin: 'shared', file: f.file, image: await readRgb(f.file, SHARED_BORDER) });
  }
  for (const photo of demoPhotos()) {
    const full = await readRgb(photo.file);
    const analysis = await engine.analyze(fs.readFileSync(photo.file));
    const scale = full.width / analysis.width;
    const name = path.basename(photo.file, path.extname(photo.file));
    let k = 0;
    for (const face of analysis.faces) {
      if (face.rotation !== 0 || face.box.width * scale < MIN_DEMO_FACE) continue;
      const side = Math.round(Math.min(face.box.width * scale * 2.2, full.width, full.height));
      const cx = (face.box.x + face.box.width / 2) * scale;
      const cy = (face.box.y + face.box.height / 2) * scale;
      const left = Math.round(Math.max(0, Math.min(full.width - side, cx - side / 2)));
      const top = Math.round(Math.max(0, Math.min(full.height - side, cy - side / 2)));
      const data = await sharp(full.data, { raw: { width: full.width, height: full.height, channels: 3 } }).extract({ left, top, width: side, height: side }).raw().toBuffer();
      const id = `${photo.origin}/${name}#${k++}`;
      out.push({ id, identity: id, group: `${photo.origin}/${name}`, origin: photo.origin, file: photo.file, image: { width: side, height: side, data } });
    }
  }
  // Interleaved by origin (same order every run), so that a partial pass covers every origin.
  const byOrigin = [...new Set(out.map((s) => s.origin))].map((o) => out.filter((s) => s.origin === o));
  const mixed: FaceSource[] = [];
  for (let i = 0; mixed.length < out.length; i++) for (const list of byOrigin) if (list[i]) mixed.push(list[i]!);
  return mixed;
}
