import { describe, expect, it } from 'vitest';
import { isLiteralPrivateHost, isPublicAddress, resolvePermitted } from './address-policy.ts';

describe('the outbound address policy', () => {
  it('allows public unicast addresses, IPv4 and IPv6', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '2a00:1450:4001:82b::200e']) expect(isPublicAddress(a), a).toBe(true);
  });

  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1',
    '::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'fec0::1', 'ff02::1', 'not-an-ip', '',
  ])('refuses %s', (a) => expect(isPublicAddress(a)).toBe(false));

  it.each([
    ['IPv4-compatible loopback', '::7f00:1'],
    ['IPv4-compatible loopback, dotted', '::127.0.0.1'],
    ['IPv4-compatible metadata address', '::a9fe:a9fe'],
    ['IPv4-compatible private address', '::a00:1'],
    ['IPv4-compatible public address (deprecated form)', '::808:808'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
    ['IPv4-mapped metadata address', '::ffff:a9fe:a9fe'],
    ['IPv4-mapped private address', '0:0:0:0:0:ffff:c0a8:0101'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1'],
    ['NAT64 loopback', '64:ff9b::7f00:1'],
    ['NAT64 metadata address', '64:ff9b::169.254.169.254'],
    ['NAT64 private address', '64:ff9b::a00:1'],
    ['NAT64 local-use prefix', '64:ff9b:1::808:808'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['6to4 of the metadata address', '2002:a9fe:a9fe::1'],
    ['6to4 of a private address', '2002:c0a8:101::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ])('refuses an IPv6 form carrying IPv4: %s (%s)', (_name, a) => expect(isPublicAddress(a)).toBe(false));

  it('judges NAT64, mapped and 6to4 forms of a public IPv4 address by that address', () => {
    expect(isPublicAddress('64:ff9b::808:808')).toBe(true);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('2002:808:808::1')).toBe(true);
  });

  it('spots literal private hosts as URLs write them', () => {
    for (const raw of ['http://[::7f00:1]/', 'http://[::127.0.0.1]/', 'http://[::a9fe:a9fe]/', 'http://[64:ff9b::7f00:1]/', 'http://2130706433/', 'http://0x7f.1/', 'http://localhost/', 'http://a.localhost/']) {
      expect(isLiteralPrivateHost(new URL(raw).hostname), raw).toBe(true);
    }
    expect(isLiteralPrivateHost('hooks.example.com')).toBe(false);
  });

  it('resolves a name to a checked address, and refuses what leads to loopback', async () => {
    await expect(resolvePermitted('localhost', false)).rejects.toThrow(/private or loopback/);
    await expect(resolvePermitted('::7f00:1', false)).rejects.toThrow(/private or loopback/);
    await expect(resolvePermitted('[::1]', false)).rejects.toThrow(/private or loopback/);
    await expect(resolvePermitted('2130706433', false)).rejects.toThrow(/private or loopback/);
    expect(await resolvePermitted('127.0.0.1', true)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(['127.0.0.1', '::1']).toContain((await resolvePermitted('localhost', true)).address);
  });
});
