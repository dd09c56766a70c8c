import ipaddr from 'ipaddr.js';

/**
 * Webhooks must not become a way to reach the service's own network (SSRF). Only public unicast addresses
 * are allowed unless configuration allows private ones (tests, local development).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // ::ffff:10.0.0.1 is judged as 10.0.0.1
  return parsed.range() === 'unicast';
}

export function checkCallbackUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (url.username || url.password) return 'must not contain credentials';
  if (url.hash) return 'must not contain a fragment';
  return undefined;
}

/** A literal IP host that is not public; host names are checked when they are resolved, at delivery. */
export function literalPrivateHost(raw: string): boolean {
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && !isPublicAddress(host);
}
