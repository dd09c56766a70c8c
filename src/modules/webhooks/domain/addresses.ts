import { isLiteralPrivateHost, isPublicAddress } from '../../../platform/domain/addresses.ts';

/** Webhooks must not become a way to reach the service's own network (SSRF): the shared address policy. */
export { isPublicAddress };

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
  return isLiteralPrivateHost(new URL(raw).hostname);
}
