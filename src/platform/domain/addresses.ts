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
