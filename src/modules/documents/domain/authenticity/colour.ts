/**
 * Photocopy signal (pure): how much colour a page has once the light's colour cast is removed. Every ICAO
 * document and UK licence prints colour (tinted security backgrounds, a colour portrait); a greyscale copy,
 * photographed, has only the cast of the light and sensor noise.
 */
import type { Rect, Rgb } from './page.ts';

/** The 97th percentile of each pixel's chroma distance from the page's median chroma (0..~360). */
export function colourfulness(img: Rgb, rect: Rect): number {
  const offset = 512;
  const histA = new Uint32Array(1024);
  const histB = new Uint32Array(1024);
  const step = Math.max(1, Math.floor(Math.sqrt((rect.width * rect.height) / 120_000)));
  const as: number[] = [];
  const bs: number[] = [];
  for (let y = rect.y; y < rect.y + rect.height; y += step) {
    for (let x = rect.x; x < rect.x + rect.width; x += step) {
      const i = (y * img.width + x) * 3;
      const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
      const a = r - g;
      const bb = Math.round((r + g) / 2 - b);
      histA[a + offset]!++;
      histB[bb + offset]!++;
      as.push(a);
      bs.push(bb);
    }
  }
  if (as.length === 0) return 0;
  const median = (h: Uint32Array) => {
    let acc = 0;
    for (let i = 0; i < h.length; i++) if ((acc += h[i]!) >= as.length / 2) return i - offset;
    return 0;
  };
  const [ma, mb] = [median(histA), median(histB)];
  const dev = as.map((a, k) => Math.hypot(a - ma, bs[k]! - mb)).sort((p, q) => p - q);
  return dev[Math.floor(dev.length * 0.97)]!;
}
