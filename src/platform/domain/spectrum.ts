/**
 * A radix-2 FFT, in place, and the power spectrum of a square tile (pure): the periodic-pattern signals of the
 * document authenticity checks (screen and halftone lattices) and of presentation-attack detection (moire on a
 * face) share it. Only 64- and 128-pixel tiles are transformed, so the textbook iterative Cooley-Tukey is fast
 * enough and avoids a dependency (ADR 0120).
 */

function fft1d(re: Float64Array, im: Float64Array, n: number, offset: number, stride: number): void {
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const a = offset + i * stride;
      const b = offset + j * stride;
      [re[a], re[b]] = [re[b]!, re[a]!];
      [im[a], im[b]] = [im[b]!, im[a]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = offset + (i + k) * stride;
        const b = offset + (i + k + len / 2) * stride;
        const xr = re[b]! * cr - im[b]! * ci;
        const xi = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a] = re[a]! + xr;
        im[a] = im[a]! + xi;
        [cr, ci] = [cr * wr - ci * wi, cr * wi + ci * wr];
      }
    }
  }
}

/** Power spectrum |F|² of an n×n real tile (n a power of two), mean removed and Hann-windowed; DC at index 0. */
export function powerSpectrum(tile: Float64Array, n: number): Float64Array {
  let mean = 0;
  for (const v of tile) mean += v;
  mean /= tile.length;
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  for (let y = 0; y < n; y++) {
    const wy = 0.5 - 0.5 * Math.cos((2 * Math.PI * y) / (n - 1));
    for (let x = 0; x < n; x++) {
      const wx = 0.5 - 0.5 * Math.cos((2 * Math.PI * x) / (n - 1));
      re[y * n + x] = (tile[y * n + x]! - mean) * wx * wy;
    }
  }
  for (let y = 0; y < n; y++) fft1d(re, im, n, y * n, 1);
  for (let x = 0; x < n; x++) fft1d(re, im, n, x, n);
  const out = new Float64Array(n * n);
  for (let i = 0; i < out.length; i++) out[i] = re[i]! * re[i]! + im[i]! * im[i]!;
  return out;
}
