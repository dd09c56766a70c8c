/**
 * Runs `attempt` inside one window of the clock, for limits counted in the clock's minutes or hours (the shared
 * rate-limit table, ADR 0060). When less than `needMs` of the current window is left it first waits for the next
 * one, so the run neither crosses a boundary (which would reset the count half-way) nor leaves hits behind in a
 * window that a second try would then find. A run that still crosses one took longer than `needMs`: an error.
 */
export async function inOneWindow<T>(windowMs: number, needMs: number, attempt: () => Promise<T>): Promise<T> {
  const window = await windowWithRoom(windowMs, needMs);
  const result = await attempt();
  if (Math.floor(Date.now() / windowMs) !== window) throw new Error(`the run took longer than ${needMs} ms and crossed a window of ${windowMs} ms`);
  return result;
}

/** Waits, if less than `needMs` of the clock's current window is left, for the next one; answers the window's number. */
export async function windowWithRoom(windowMs: number, needMs: number): Promise<number> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return Math.floor(Date.now() / windowMs);
}
