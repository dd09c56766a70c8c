import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Outbound connections chosen by a client (webhook receivers, SMTP servers) must not become a way into the
 * service's own network (SSRF). One rule for both: only public unicast addresses, unless configuration allows
 * private ones (tests, local development, an internal mail relay).
 *
 * IPv6 forms that carry an IPv4 address are judged by the IPv4 address they lead to:
 * - IPv4-mapped `::ffff:a.b.c.d`: the embedded address;
 * - NAT64 well-known prefix `64:ff9b::/96` (RFC 6052): the embedded address (DNS64 networks use it for public hosts);
 * - 6to4 `2002:aabb:ccdd::/48` (RFC 3056): the embedded address.
 * Forms refused outright, since no legitimate receiver needs them and the address they reach depends on
 * someone else's translator: IPv4-compatible `::a.b.c.d` (deprecated by RFC 4291), NAT64 local-use
 * `64:ff9b:1::/48` (RFC 8215, the IPv4 address may sit anywhere), IPv4-translated `::ffff:0:a.b.c.d`
 * (RFC 6145) and Teredo `2001::/32` (the client address is obfuscated; deprecated tunnelling).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.zoneId) return false; // a scoped address is link-local by construction
  const p = v6.parts;
  if (p.slice(0, 6).every((x) => x === 0)) return false; // ::/96: unspecified, loopback, IPv4-compatible
  const embedded = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (v6.range()) {
    case 'ipv4Mapped':
      return v6.toIPv4Address().range() === 'unicast';
    case 'rfc6052':
      // Only the well-known /96 prefix says where the IPv4 address is; the local-use /48 is refused.
      return p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0 && embedded(p[6]!, p[7]!).range() === 'unicast';
    case '6to4':
      return embedded(p[1]!, p[2]!).range() === 'unicast';
    default:
      return v6.range() === 'unicast';
  }
}

/** A host that is a literal IP address (or `localhost`) and not public; host names are checked when resolved. */
export function isLiteralPrivateHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  return ipaddr.isValid(bare) && !isPublicAddress(bare);
}

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
