/** Small raster operations on 8-bit grayscale images (pure; sharp does the decoding, scaling and rotating). */
import type { Gray } from './quality.ts';

/**
 * Running max or min over a horizontal or vertical window of half-size r (grey-level morphology), in
 * O(1) per pixel whatever r (van Herk / Gil-Werman: block prefix and suffix extrema).
 */
function extremum1d(img: Gray, r: number, horizontal: boolean, takeMax: boolean): Gray {
  const { width: w, height: h, data } = img;
  if (r <= 0) return { width: w, height: h, data: data.slice() };
  const out = new Uint8Array(w * h);
  const [outer, inner, step, lineStep] = horizontal ? [h, w, 1, w] : [w, h, w, 1];
  const k = 2 * r + 1;
  const n = inner + 2 * r;
  const neutral = takeMax ? 0 : 255;
  const padded = new Uint8Array(n);
  const g = new Uint8Array(n);
  const hs = new Uint8Array(n);
  for (let o = 0; o < outer; o++) {
    const base = o * lineStep;
    padded.fill(neutral);
    for (let i = 0; i < inner; i++) padded[i + r] = data[base + i * step]!;
    // Two copies of one loop, max and min, because a comparison passed as a function is several times slower.
    if (takeMax) {
      for (let i = 0; i < n; i++) {
        const v = padded[i]!;
        g[i] = i % k === 0 || v > g[i - 1]! ? v : g[i - 1]!;
      }
      for (let i = n - 1; i >= 0; i--) {
        const v = padded[i]!;
        hs[i] = i === n - 1 || (i + 1) % k === 0 || v > hs[i + 1]! ? v : hs[i + 1]!;
      }
      for (let i = 0; i < inner; i++) {
        const a = hs[i]!;
        const b = g[i + 2 * r]!;
        out[base + i * step] = a > b ? a : b;
      }
    } else {
      for (let i = 0; i < n; i++) {
        const v = padded[i]!;
        g[i] = i % k === 0 || v < g[i - 1]! ? v : g[i - 1]!;
      }
      for (let i = n - 1; i >= 0; i--) {
        const v = padded[i]!;
        hs[i] = i === n - 1 || (i + 1) % k === 0 || v < hs[i + 1]! ? v : hs[i + 1]!;
      }
      for (let i = 0; i < inner; i++) {
        const a = hs[i]!;
        const b = g[i + 2 * r]!;
        out[base + i * step] = a < b ? a : b;
      }
    }
  }
  return { width: w, height: h, data: out };
}

export function dilate(img: Gray, rx: number, ry: number): Gray {
  return extremum1d(extremum1d(img, rx, true, true), ry, false, true);
}

export function erode(img: Gray, rx: number, ry: number): Gray {
  return extremum1d(extremum1d(img, rx, true, false), ry, false, false);
}

/** Black-hat: the closing minus the image, bright where dark strokes are thinner than the window (print on a lighter ground). */
export function blackHat(img: Gray, rx: number, ry: number): Gray {
  const closed = erode(dilate(img, rx, ry), rx, ry);
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = closed.data[i]! - img.data[i]!;
  return { ...img, data: out };
}

/** Otsu's threshold over a histogram of the image. */
export function otsu(img: Gray): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of img.data) hist[v]!++;
  const total = img.data.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 0;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) [best, threshold] = [between, t];
  }
  return threshold;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Pixels of the component. */
  area: number;
  /** Slope dy/dx of the least-squares line through the component's pixels: the skew of a text line. */
  slope: number;
}

/** 4-connected components of the pixels > 0, with bounding boxes and fitted slopes. */
export function components(mask: Gray, minArea: number): Box[] {
  const { width: w, height: h, data } = mask;
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  const boxes: Box[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!data[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let [x0, y0, x1, y1, n, sx, sy, sxx, sxy] = [w, h, 0, 0, 0, 0, 0, 0, 0];
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % w;
      const y = (p - x) / w;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      n++;
      sx += x; sy += y; sxx += x * x; sxy += x * y;
      const push = (q: number) => {
        if (data[q] && !seen[q]) {
          seen[q] = 1;
          stack[top++] = q;
        }
      };
      if (x > 0) push(p - 1);
      if (x < w - 1) push(p + 1);
      if (y > 0) push(p - w);
      if (y < h - 1) push(p + w);
    }
    if (n < minArea) continue;
    const varX = sxx / n - (sx / n) ** 2;
    const slope = varX > 0 ? (sxy / n - (sx / n) * (sy / n)) / varX : 0;
    boxes.push({ x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1, area: n, slope });
  }
  return boxes;
}
