/**
 * The origins a client allows to frame its hosted flow (ADR 0145). An origin is a scheme, a host and an optional
 * port, nothing else: a path, query, fragment or credentials would be ignored by the browser's frame-ancestors
 * check and mislead the person who typed it, so they are refused rather than cut off. https only, except the
 * loopback names a developer runs on (browsers treat http://localhost as a secure context too).
 */
export const MAX_EMBED_ORIGINS = 20;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const HOST = /^(?:\[[0-9a-f:.]+\]|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?))*)$/;

export type OriginCheck = { ok: true; origin: string } | { ok: false; message: string };

/** One origin as typed, checked and written the way browsers serialise it (lower case, default port dropped). */
export function checkOrigin(input: string): OriginCheck {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Give an origin such as https://www.example.com' };
  if (text.includes('*')) return { ok: false, message: 'Wildcards are not allowed: list each origin' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: 'Not an origin: write it as https://host or https://host:port' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return { ok: false, message: 'Use https (http only for localhost while developing)' };
  }
  if (url.username || url.password) return { ok: false, message: 'An origin has no user name or password' };
  // URL() adds "/" to a bare origin; anything else after the host is a path, query or fragment.
  const rest = text.slice(text.toLowerCase().indexOf(url.host.toLowerCase()) + url.host.length).replace(/^:(80|443)(?=$|\/)/, '');
  if (rest !== '' && rest !== '/') return { ok: false, message: 'An origin has no path, query or fragment: only https://host[:port]' };
  if (!HOST.test(url.hostname)) return { ok: false, message: 'The host name is not valid' };
  return { ok: true, origin: url.origin };
}

/** The whole list: one message per bad entry (its index), duplicates folded. */
export function checkOrigins(inputs: readonly string[]): { origins: string[]; errors: { index: number; message: string }[] } {
  const errors: { index: number; message: string }[] = [];
  const origins: string[] = [];
  if (inputs.length > MAX_EMBED_ORIGINS) errors.push({ index: MAX_EMBED_ORIGINS, message: `At most ${MAX_EMBED_ORIGINS} origins` });
  inputs.slice(0, MAX_EMBED_ORIGINS).forEach((input, index) => {
    const checked = checkOrigin(input);
    if (!checked.ok) errors.push({ index, message: checked.message });
    else if (!origins.includes(checked.origin)) origins.push(checked.origin);
  });
  return { origins, errors };
}

/** The CSP directive for the hosted flow: only the listed origins may frame it. */
export function frameAncestors(origins: readonly string[]): string {
  return `frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`;
}
