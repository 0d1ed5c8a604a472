import { describe, expect, it } from 'vitest';
import { classifyAddress, isAddressAllowed } from '#adapters/safeFetch.ts';

describe('classifyAddress', () => {
  const cases: Array<[string, string]> = [
    // IPv4
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['0.0.0.0', 'this-network'],
    ['0.1.2.3', 'this-network'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    // IPv6
    ['::1', 'loopback'],
    ['::', 'this-network'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'], // Teredo
    ['::7f00:1', 'reserved'], // deprecated IPv4-compatible form
    ['4000::1', 'reserved'], // outside 2000::/3
    // IPv4-mapped and other IPv4-carrying IPv6 forms judged by their IPv4 part
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:192.168.0.1', 'private'],
    ['::ffff:172.16.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:169.254.1.1', 'link-local'],
    ['::ffff:100.64.0.1', 'cgnat'],
    ['::ffff:0.0.0.0', 'this-network'],
    ['::ffff:224.0.0.1', 'multicast'],
    ['0:0:0:0:0:ffff:127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'], // NAT64
    ['2002:7f00:1::', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:0a00:0001::1', 'private'],
    // public
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['100.63.255.255', 'public'], // just below CGNAT
    ['100.128.0.0', 'public'], // just above CGNAT
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2002:0808:0808::1', 'public'],
    ['[2606:4700:4700::1111]', 'public'],
    // not an IP literal at all
    ['example.com', 'reserved'],
  ];
  it.each(cases)('%s is %s', (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });
});

describe('isAddressAllowed', () => {
  it('allows public addresses only by default', () => {
    expect(isAddressAllowed('8.8.8.8')).toBe(true);
    expect(isAddressAllowed('2606:4700:4700::1111')).toBe(true);
    expect(isAddressAllowed('127.0.0.1')).toBe(false);
    expect(isAddressAllowed('::1')).toBe(false);
    expect(isAddressAllowed('::ffff:127.0.0.1')).toBe(false);
  });

  it('allowLoopback opens loopback and nothing else', () => {
    expect(isAddressAllowed('127.0.0.1', true)).toBe(true);
    expect(isAddressAllowed('127.1.2.3', true)).toBe(true);
    expect(isAddressAllowed('::1', true)).toBe(true);
    for (const ip of ['10.0.0.1', '172.16.0.1', '192.168.0.1', '169.254.169.254', '169.254.1.1', 'fe80::1', 'fc00::1', 'fd00:ec2::254', '100.64.0.1', '0.0.0.0', '::ffff:10.0.0.1', '::ffff:169.254.169.254']) {
      expect(isAddressAllowed(ip, true), ip).toBe(false);
    }
  });
});
