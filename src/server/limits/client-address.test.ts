import { describe, expect, it } from 'vitest';
import { addressGroup } from './client-address';

describe('addressGroup', () => {
  it('keeps IPv4 addresses whole', () => {
    expect(addressGroup('198.51.100.7')).toBe('198.51.100.7');
    expect(addressGroup('198.51.100.8')).not.toBe(addressGroup('198.51.100.7'));
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const a = addressGroup('2001:db8:85a3:12::1');
    expect(a).toBe('2001:db8:85a3:12::/64');
    expect(addressGroup('2001:0db8:85a3:0012:ffff:ffff:ffff:fffe')).toBe(a);
    expect(addressGroup('2001:DB8:85A3:12:0:0:0:9')).toBe(a);
    expect(addressGroup('[2001:db8:85a3:12::abcd]')).toBe(a);
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('2001:db8:85a3:13::1')).not.toBe(a);
    expect(addressGroup('::')).toBe('0:0:0:0::/64');
    expect(addressGroup('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressGroup('::ffff:c633:6407')).toBe('198.51.100.7');
  });

  it('leaves what is not an address as its own bucket', () => {
    expect(addressGroup('local')).toBe('local');
    expect(addressGroup('not:an:address')).toBe('not:an:address');
  });
});
