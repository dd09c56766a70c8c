/**
 * A process-wide bound on the pixels being decoded at once. Each upload's image is decoded whole by sharp
 * (libvips): a 40 MP PNG holds about 160 MB while it is turned upright, scaled and re-encoded, and ten at once
 * took the process to 2 GB, which the allocator then kept. Decodes take their pixel count from the budget
 * before they start and give it back when they end; a decode that does not fit waits its turn (first come,
 * first served, so a large image is not passed over for ever by small ones).
 */
export interface PixelBudget {
  /** Runs `decode` once `pixels` fit in the budget (an image larger than the whole budget takes all of it). */
  run<T>(pixels: number, decode: () => Promise<T>): Promise<T>;
  /** Pixels in use now, the most ever in use at once, decodes waiting. */
  stats(): { capacity: number; inUse: number; peak: number; waiting: number };
}

export function createPixelBudget(capacity: number): PixelBudget {
  let inUse = 0;
  let peak = 0;
  const waiting: { pixels: number; start: () => void }[] = [];

  const take = (pixels: number) => {
    inUse += pixels;
    peak = Math.max(peak, inUse);
  };
  const drain = () => {
    while (waiting.length > 0 && inUse + waiting[0]!.pixels <= capacity) {
      const next = waiting.shift()!;
      take(next.pixels);
      next.start();
    }
  };

  return {
    async run(pixels, decode) {
      const need = Math.max(1, Math.min(Math.ceil(pixels), capacity));
      if (waiting.length === 0 && inUse + need <= capacity) take(need);
      else await new Promise<void>((start) => waiting.push({ pixels: need, start }));
      try {
        return await decode();
      } finally {
        inUse -= need;
        drain();
      }
    },
    stats: () => ({ capacity, inUse, peak, waiting: waiting.length }),
  };
}
