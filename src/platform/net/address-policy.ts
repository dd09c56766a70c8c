import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';

// The address rule itself is pure (domain/addresses.ts, which the webhooks' domain uses too); here it is applied to lookups.
import { isLiteralPrivateHost, isPublicAddress } from '../domain/addresses.ts';

export { isLiteralPrivateHost, isPublicAddress };

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup` replacement for the socket layer (net.connect, undici's connect option): it resolves, drops
 * every address the policy refuses, and hands the socket only what it checked, so the address connected to is
 * the address checked and DNS rebinding between a check and the connection cannot happen.
 */
export function guardedLookup(allowPrivate: boolean): typeof dnsLookup {
  return ((hostname: string, opts: object | number | LookupCallback, maybeCallback?: LookupCallback) => {
    const callback = (typeof opts === 'function' ? opts : maybeCallback) as LookupCallback;
    const options = typeof opts === 'object' && opts !== null ? opts : typeof opts === 'number' ? { family: opts } : {};
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const allowed = allowPrivate ? list : list.filter((a) => isPublicAddress(a.address));
      if (allowed.length === 0) return callback(new BlockedAddressError(`${hostname} resolves to a private or loopback address`), []);
      if ((options as { all?: boolean }).all) return callback(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  }) as typeof dnsLookup;
}

/**
 * Resolves a host for a connection made right away: the checked address is returned, and the caller connects
 * to it (not to the name again). A literal address is checked as it is.
 */
export async function resolvePermitted(host: string, allowPrivate: boolean): Promise<{ address: string; family: number }> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family !== 0) {
    if (!allowPrivate && !isPublicAddress(bare)) throw new BlockedAddressError(`${host} is a private or loopback address`);
    return { address: bare, family };
  }
  // Anything else (names, and numeric forms such as 2130706433 that the resolver turns into 127.0.0.1) is resolved.
  return new Promise((resolve, reject) => {
    guardedLookup(allowPrivate)(bare, {}, (err, address, family) => (err ? reject(err) : resolve({ address: address as string, family: family! })));
  });
}
