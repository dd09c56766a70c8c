/**
 * The project's presentation-attack set, simulated: from one face image (a "source") it renders a genuine
 * camera capture and four attack kinds, each re-photographed through the same simulated camera, so that the
 * camera itself (noise, blur, exposure, JPEG) is not what tells them apart.
 *
 *   genuine  light camera variation of the source (exposure, white balance, blur, sensor noise, JPEG)
 *   print    halftone dots, reduced gamut and contrast, paper texture, a white border, a hand at an edge
 *   screen   LCD pixel grid with RGB stripes resampled by the camera (moire), display gamma and colour
 *            cast, specular glare, a black bezel
 *   replay   a frame of a re-recorded video: compressed source, screen as above, refresh banding, motion blur
 *   cutout   the face oval cut from the photo and held in front of another background, hard edges
 *
 * Deterministic: every random draw comes from a PRNG seeded by (seed, source id, kind, variant), so a
 * sample does not depend on which other samples were made. These are simulations, not real attacks: a
 * detector tuned on them learns these renderings (docs/biometrics.md says what that does and does not show).
 */
import sharp, { type KernelEnum } from 'sharp';
import type { RgbImage } from '../../src/modules/biometrics/image.ts';

export type SampleKind = 'genuine' | 'print' | 'screen' | 'replay' | 'cutout';
export const ATTACK_KINDS: ReadonlyArray<Exclude<SampleKind, 'genuine'>> = ['print', 'screen', 'replay', 'cutout'];

/** Side of every generated capture (a square selfie frame; the engine decodes up to 800 px). */
export const FRAME = 480;

export interface Sample {
  id: string;
  identity: string;
  kind: SampleKind;
  /** JPEG bytes as a camera would deliver them. */
  image: Buffer;
}

// ---- PRNG -------------------------------------------------------------------------------------------

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export interface Rng {
  (): number;
  range(lo: number, hi: number): number;
  int(lo: number, hi: number): number;
  gauss(): number;
}

export function rng(seed: number | string): Rng {
  let a = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = next as Rng;
  r.range = (lo, hi) => lo + (hi - lo) * next();
  r.int = (lo, hi) => Math.floor(lo + (hi - lo + 1) * next());
  r.gauss = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return r;
}

// ---- float image helpers -----------------------------------------------------------------------------

interface F {
  w: number;
  h: number;
  /** RGB, 0..255, row-major. */
  d: Float32Array;
}

const toF = (img: RgbImage): F => ({ w: img.width, h: img.height, d: Float32Array.from(img.data) });
const blank = (w: number, h: number, v = 0): F => ({ w, h, d: new Float32Array(w * h * 3).fill(v) });

function toRaw(f: F): Buffer {
  const out = Buffer.alloc(f.d.length);
  for (let i = 0; i < f.d.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(f.d[i] as number)));
  return out;
}

async function resize(f: F, w: number, h: number, kernel: keyof KernelEnum = 'lanczos3'): Promise<F> {
  const data = await sharp(toRaw(f), { raw: { width: f.w, height: f.h, channels: 3 } }).resize(w, h, { fit: 'fill', kernel }).raw().toBuffer();
  return { w, h, d: Float32Array.from(data) };
}

async function blur(f: F, sigma: number): Promise<F> {
  if (sigma < 0.3) return f;
  const data = await sharp(toRaw(f), { raw: { width: f.w, height: f.h, channels: 3 } }).blur(sigma).raw().toBuffer();
  return { w: f.w, h: f.h, d: Float32Array.from(data) };
}

async function jpeg(f: F, quality: number): Promise<F> {
  const buf = await sharp(toRaw(f), { raw: { width: f.w, height: f.h, channels: 3 } }).jpeg({ quality }).toBuffer();
  const data = await sharp(buf).raw().toBuffer();
  return { w: f.w, h: f.h, d: Float32Array.from(data) };
}

/** Square crop of the source around its centre (the sources are face-centred). */
async function square(src: RgbImage, side: number, zoom: number, dx: number, dy: number): Promise<F> {
  const s = Math.min(src.width, src.height) / zoom;
  const left = Math.max(0, Math.min(src.width - s, (src.width - s) / 2 + dx * s));
  const top = Math.max(0, Math.min(src.height - s, (src.height - s) / 2 + dy * s));
  const data = await sharp(src.data, { raw: { width: src.width, height: src.height, channels: 3 } })
    .extract({ left: Math.round(left), top: Math.round(top), width: Math.floor(s), height: Math.floor(s) })
    .resize(side, side, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { w: side, h: side, d: Float32Array.from(data) };
}

/** Paste `top` into `base` at (x, y) where mask (0..1, same size as top) is set. */
function paste(base: F, top: F, x: number, y: number, mask?: Float32Array): void {
  for (let j = 0; j < top.h; j++) {
    const by = j + y;
    if (by < 0 || by >= base.h) continue;
    for (let i = 0; i < top.w; i++) {
      const bx = i + x;
      if (bx < 0 || bx >= base.w) continue;
      const m = mask ? (mask[j * top.w + i] as number) : 1;
      if (m <= 0) continue;
      for (let c = 0; c < 3; c++) {
        const bi = (by * base.w + bx) * 3 + c;
        base.d[bi] = (base.d[bi] as number) * (1 - m) + (top.d[(j * top.w + i) * 3 + c] as number) * m;
      }
    }
  }
}

/** A smooth random "room": low-resolution colour noise blown up, with a vertical light gradient. */
async function background(r: Rng, w: number, h: number): Promise<F> {
  const n = 6;
  const small = blank(n, n);
  const grey = r.range(60, 200);
  const base = [grey * r.range(0.85, 1.15), grey, grey * r.range(0.85, 1.15)];
  for (let i = 0; i < n * n; i++) {
    const l = r.range(-40, 40);
    for (let c = 0; c < 3; c++) small.d[i * 3 + c] = (base[c] as number) + l + r.range(-12, 12);
  }
  const big = await resize(small, w, h, 'cubic');
  const g = r.range(-0.25, 0.25);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) big.d[(y * w + x) * 3 + c] = (big.d[(y * w + x) * 3 + c] as number) * (1 + g * (y / h - 0.5));
  return big;
}

// ---- the simulated camera --------------------------------------------------------------------------

/** Exposure, white balance, lens blur, sensor noise and JPEG: what any capture goes through. */
async function camera(f: F, r: Rng): Promise<Buffer> {
  const gain = r.range(0.8, 1.2);
  const gamma = r.range(0.9, 1.1);
  const wb = [r.range(0.95, 1.05), 1, r.range(0.95, 1.05)];
  const out = blank(f.w, f.h);
  for (let i = 0; i < f.w * f.h; i++) {
    for (let c = 0; c < 3; c++) {
      const v = 255 * Math.pow(Math.max(0, ((f.d[i * 3 + c] as number) / 255) * gain * (wb[c] as number)), gamma);
      out.d[i * 3 + c] = v;
    }
  }
  let g = await blur(out, r.range(0, 1.1));
  const noise = r.range(1.5, 5);
  for (let i = 0; i < g.d.length; i++) g.d[i] = (g.d[i] as number) + noise * r.gauss();
  return sharp(toRaw(g), { raw: { width: g.w, height: g.h, channels: 3 } }).jpeg({ quality: r.int(70, 95) }).toBuffer();
}

// ---- attacks ---------------------------------------------------------------------------------------

async function genuine(src: RgbImage, r: Rng): Promise<Buffer> {
  return camera(await square(src, FRAME, r.range(1, 1.15), r.range(-0.04, 0.04), r.range(-0.04, 0.04)), r);
}

/** Halftone: each ink channel thresholded against its own rotated dot screen (as an inkjet/laser print does). */
function halftone(f: F, pitch: number, r: Rng): F {
  const out = blank(f.w, f.h);
  const angles = [15, 75, 0].map((a) => ((a + r.range(-5, 5)) * Math.PI) / 180);
  for (let y = 0; y < f.h; y++) {
    for (let x = 0; x < f.w; x++) {
      for (let c = 0; c < 3; c++) {
        const a = angles[c] as number;
        const u = (x * Math.cos(a) + y * Math.sin(a)) / pitch;
        const v = (-x * Math.sin(a) + y * Math.cos(a)) / pitch;
        // Dot screen in 0..1 (0 at dot centres), compared with the ink coverage.
        const screen = (Math.cos(2 * Math.PI * u) * Math.cos(2 * Math.PI * v) + 1) / 2;
        const ink = 1 - (f.d[(y * f.w + x) * 3 + c] as number) / 255;
        out.d[(y * f.w + x) * 3 + c] = ink > screen ? 0 : 255;
      }
    }
  }
  return out;
}

async function print(src: RgbImage, r: Rng): Promise<Buffer> {
  const side = Math.round(FRAME * r.range(0.72, 0.9));
  const photo = await square(src, side, r.range(1, 1.1), 0, 0);
  // Printing: the ink gamut is smaller (desaturate, lift blacks, dull whites), printed as dots that the
  // paper then blurs a little.
  const sat = r.range(0.55, 0.85);
  const black = r.range(25, 55);
  const white = r.range(205, 240);
  for (let i = 0; i < side * side; i++) {
    const R = photo.d[i * 3] as number;
    const G = photo.d[i * 3 + 1] as number;
    const B = photo.d[i * 3 + 2] as number;
    const l = 0.299 * R + 0.587 * G + 0.114 * B;
    for (let c = 0; c < 3; c++) photo.d[i * 3 + c] = l + sat * ((photo.d[i * 3 + c] as number) - l);
  }
  const pitch = r.range(2.2, 4);
  let printed = await blur(halftone(photo, pitch, r), r.range(0.6, 1.1));
  // Paper texture (fibre noise) and tone range of ink on paper.
  const ts = Math.ceil(side / 4);
  const tex = await resize({ w: ts, h: ts, d: Float32Array.from({ length: ts * ts * 3 }, () => 128 + r.gauss() * 6) }, side, side, 'cubic');
  for (let i = 0; i < side * side; i++) {
    const t = (tex.d[i * 3] as number) - 128;
    for (let c = 0; c < 3; c++) printed.d[i * 3 + c] = black + ((white - black) * (printed.d[i * 3 + c] as number)) / 255 + t + r.gauss() * 3;
  }
  // A white paper border around the photo, then the sheet in a room, held by a hand at one edge.
  const margin = Math.round(side * r.range(0.04, 0.1));
  const sheet = blank(side + 2 * margin, side + 2 * margin, white);
  paste(sheet, printed, margin, margin);
  printed = sheet;
  const scene = await background(r, FRAME, FRAME);
  const x = Math.round((FRAME - sheet.w) / 2 + r.range(-15, 15));
  const y = Math.round((FRAME - sheet.h) / 2 + r.range(-15, 15));
  paste(scene, printed, x, y);
  hand(scene, r, x, y, sheet.w, sheet.h);
  return camera(await rotateSmall(scene, r.range(-6, 6)), r);
}

/** A skin-coloured thumb over the bottom or side edge of a held sheet or phone. */
function hand(f: F, r: Rng, x: number, y: number, w: number, h: number): void {
  const skin = [r.range(150, 230), r.range(100, 170), r.range(80, 140)];
  const side = r.int(0, 2);
  const cx = side === 0 ? x + w * r.range(0.2, 0.8) : side === 1 ? x : x + w;
  const cy = side === 0 ? y + h : y + h * r.range(0.5, 0.9);
  const rx = w * 0.09;
  const ry = h * 0.14;
  for (let j = Math.floor(cy - ry); j <= cy + ry; j++) {
    for (let i = Math.floor(cx - rx); i <= cx + rx; i++) {
      if (i < 0 || j < 0 || i >= f.w || j >= f.h) continue;
      const q = ((i - cx) / rx) ** 2 + ((j - cy) / ry) ** 2;
      if (q > 1) continue;
      const shade = 1 - 0.25 * q;
      for (let c = 0; c < 3; c++) f.d[(j * f.w + i) * 3 + c] = (skin[c] as number) * shade;
    }
  }
}

async function rotateSmall(f: F, degrees: number): Promise<F> {
  const data = await sharp(toRaw(f), { raw: { width: f.w, height: f.h, channels: 3 } })
    .rotate(degrees, { background: { r: 90, g: 90, b: 90 } })
    .resize(f.w, f.h, { fit: 'cover' })
    .raw()
    .toBuffer();
  return { w: f.w, h: f.h, d: Float32Array.from(data) };
}

/**
 * A photo shown on an LCD, photographed: each screen pixel is three vertical sub-pixel stripes with dark
 * gaps, sampled by the camera at a pitch that does not divide the screen's, which folds the grid into moire.
 */
async function screenShot(content: F, r: Rng, replay: boolean): Promise<Buffer> {
  const sub = r.int(3, 4); // camera-side width of one screen pixel, before the camera's own resampling
  const screenPx = Math.round((FRAME * r.range(0.95, 1.1)) / sub);
  const img = await resize(content, screenPx, screenPx);
  // Display response: another gamma and a colour cast (LCDs run cold), black level of a backlit panel.
  const gamma = r.range(0.75, 1.3);
  const cast = [r.range(0.85, 1), r.range(0.93, 1.03), r.range(1, 1.15)];
  const lift = r.range(8, 25);
  const hi = blank(screenPx * sub, screenPx * sub);
  for (let y = 0; y < hi.h; y++) {
    const py = Math.floor(y / sub);
    const gapY = y % sub === sub - 1 ? 0.75 : 1;
    for (let x = 0; x < hi.w; x++) {
      const px = Math.floor(x / sub);
      const stripe = Math.floor(((x % sub) * 3) / sub); // 0 R, 1 G, 2 B
      for (let c = 0; c < 3; c++) {
        const v = 255 * Math.pow((img.d[(py * screenPx + px) * 3 + c] as number) / 255, gamma) * (cast[c] as number);
        hi.d[(y * hi.w + x) * 3 + c] = lift + (c === stripe ? v * 1.7 : v * 0.65) * gapY;
      }
    }
  }
  if (replay) {
    // Rolling-shutter banding from the display's refresh against the camera's exposure.
    const period = r.range(18, 70);
    const depth = r.range(0.06, 0.16);
    const phase = r.range(0, 2 * Math.PI);
    for (let y = 0; y < hi.h; y++) {
      const k = 1 + depth * Math.sin((2 * Math.PI * y) / period + phase);
      for (let i = y * hi.w * 3; i < (y + 1) * hi.w * 3; i++) hi.d[i] = (hi.d[i] as number) * k;
    }
  }
  // The camera resamples the panel at a non-integer ratio: aliasing makes the moire.
  const shown = Math.round(hi.w * r.range(0.8, 0.9));
  const kernel = r() < 0.5 ? 'linear' : 'nearest';
  let panel = await resize(hi, shown, shown, kernel);
  if (replay) panel = await motionBlur(panel, r.int(2, 5));
  // Specular glare: a soft bright ellipse somewhere on the glass.
  const gx = r.range(0.1, 0.9) * panel.w;
  const gy = r.range(0.1, 0.9) * panel.h;
  const gr = r.range(0.15, 0.4) * panel.w;
  const gs = r.range(60, 160);
  for (let y = 0; y < panel.h; y++) {
    for (let x = 0; x < panel.w; x++) {
      const q = ((x - gx) ** 2 + ((y - gy) * 1.6) ** 2) / (gr * gr);
      const add = gs * Math.exp(-q * 2);
      for (let c = 0; c < 3; c++) panel.d[(y * panel.w + x) * 3 + c] = (panel.d[(y * panel.w + x) * 3 + c] as number) + add;
    }
  }
  // Bezel: a dark frame around the panel, then the device in a room.
  const bezel = Math.round(r.range(6, 16));
  const device = blank(panel.w + 2 * bezel, panel.h + 2 * bezel, r.range(8, 35));
  paste(device, panel, bezel, bezel);
  const scene = await background(r, FRAME, FRAME);
  const x = Math.round((FRAME - device.w) / 2 + r.range(-10, 10));
  const y = Math.round((FRAME - device.h) / 2 + r.range(-10, 10));
  paste(scene, device, x, y);
  if (r() < 0.5) hand(scene, r, x, y, device.w, device.h);
  return camera(await rotateSmall(scene, r.range(-4, 4)), r);
}

async function motionBlur(f: F, len: number): Promise<F> {
  const out = blank(f.w, f.h);
  for (let y = 0; y < f.h; y++) {
    for (let x = 0; x < f.w; x++) {
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let k = 0; k < len; k++) s += f.d[(y * f.w + Math.min(f.w - 1, x + k)) * 3 + c] as number;
        out.d[(y * f.w + x) * 3 + c] = s / len;
      }
    }
  }
  return out;
}

async function screen(src: RgbImage, r: Rng): Promise<Buffer> {
  return screenShot(await square(src, 320, r.range(1, 1.1), 0, 0), r, false);
}

async function replay(src: RgbImage, r: Rng): Promise<Buffer> {
  // A video frame: lower resolution and strong compression before it reaches the screen.
  const small = await square(src, r.int(110, 180), r.range(1, 1.1), r.range(-0.03, 0.03), 0);
  const coded = await jpeg(small, r.int(25, 50));
  return screenShot(await resize(coded, 320, 320), r, true);
}

async function cutout(src: RgbImage, r: Rng): Promise<Buffer> {
  const side = Math.round(FRAME * r.range(0.8, 0.95));
  const photo = await square(src, side, r.range(1, 1.1), 0, 0);
  // The face oval, cut with scissors: a hard mask with a slightly wobbly edge.
  const mask = new Float32Array(side * side);
  const rx = side * r.range(0.3, 0.38);
  const ry = side * r.range(0.4, 0.47);
  const cy = side * r.range(0.47, 0.53);
  const wob = [r.range(0, 6), r.range(0, 6), r.range(0, 2 * Math.PI)];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const a = Math.atan2(y - cy, x - side / 2);
      const edge = 1 + 0.03 * Math.sin((wob[0] as number) * a + (wob[2] as number)) + 0.02 * Math.sin((wob[1] as number) * a);
      mask[y * side + x] = ((x - side / 2) / rx) ** 2 + ((y - cy) / ry) ** 2 <= edge * edge ? 1 : 0;
    }
  }
  // A printed cut-out has print's duller tones; the room behind it is someone else's.
  const dull = r.range(0.75, 0.95);
  for (let i = 0; i < photo.d.length; i++) photo.d[i] = 20 + (photo.d[i] as number) * dull;
  const scene = await background(r, FRAME, FRAME);
  paste(scene, photo, Math.round((FRAME - side) / 2 + r.range(-12, 12)), Math.round((FRAME - side) / 2 + r.range(-12, 12)), mask);
  return camera(scene, r);
}

const RENDER: Record<SampleKind, (src: RgbImage, r: Rng) => Promise<Buffer>> = { genuine, print, screen, replay, cutout };

/** One sample of `kind` from `src`; `variant` tells apart several samples of one kind from one source. */
export async function renderSample(src: RgbImage, kind: SampleKind, seed: string | number, sourceId: string, variant = 0): Promise<Buffer> {
  return RENDER[kind](src, rng(`${seed}/${sourceId}/${kind}/${variant}`));
}

/** The whole set for a list of sources: `genuinePerSource` genuine captures and one of each attack kind. */
export async function buildAttackSet(sources: ReadonlyArray<{ id: string; identity: string; image: RgbImage }>, seed: string | number, genuinePerSource = 2): Promise<Sample[]> {
  const out: Sample[] = [];
  for (const s of sources) {
    for (let v = 0; v < genuinePerSource; v++) out.push({ id: `${s.id}/genuine${v}`, identity: s.identity, kind: 'genuine', image: await renderSample(s.image, 'genuine', seed, s.id, v) });
    for (const kind of ATTACK_KINDS) out.push({ id: `${s.id}/${kind}`, identity: s.identity, kind, image: await renderSample(s.image, kind, seed, s.id) });
  }
  return out;
}
