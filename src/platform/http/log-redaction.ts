/**
 * What a logged URL may show. The hosted pages are reached through secret links: the token in the path *is*
 * the credential (an administrator's invitation, a contact's verification flow, an account's portal), so a log
 * reader holding one could act with it. Those segments, and the whole query string, are replaced before pino writes.
 * The rule runs on the raw URL, not on the matched route, so a token under a path that does not exist
 * (`/verify/<token>/typo`) or a malformed request is redacted too.
 */
const SECRET_PATHS = [
  /^(\/console\/invite\/)[^/?#]+/i,
  /^(\/sandbox\/verify\/)[^/?#]+/i,
  /^(\/verify\/)(?!assets\/)[^/?#]+/i,
  /^(\/portal\/)[^/?#]+/i,
];

export const REDACTED = '[redacted]';

/**
 * The URL as logged: secret path segments redacted, and the query string replaced whole. A query value can be
 * a search term (personal data) or a secret (`?token=`, `?client_secret=`), and a bare `?<token>` has no name
 * to tell it by, so none of it is kept; `?[redacted]` still shows there was one.
 */
export function redactUrl(url: string): string {
  const cut = url.search(/[?#]/);
  let path = cut >= 0 ? url.slice(0, cut) : url;
  // Compared decoded (`/%76erify/<token>` is the same text to a reader) and on collapsed slashes (`//verify/x`
  // reaches the same route on some proxies).
  try {
    path = decodeURIComponent(path);
  } catch {
    // A broken %-escape: compare the path as it came.
  }
  path = path.replace(/\/{2,}/g, '/');
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  return cut >= 0 && url[cut] === '?' && url.length > cut + 1 ? `${path}?${REDACTED}` : path;
}

/** pino serializers for Fastify's request and response log lines. */
export const logSerializers = {
  req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: redactUrl(req.url), id: req.id }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};
