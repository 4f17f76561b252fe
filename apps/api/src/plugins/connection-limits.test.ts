import { describe, expect, it } from 'vitest';
import { connectionGroup, requestTimeoutOptions } from './connection-limits.ts';

describe('connectionGroup', () => {
  it('counts an IPv4 address on its own, however it is written', () => {
    expect(connectionGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(connectionGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of an IPv6 /64 together', () => {
    const group = '2001:db8:85a3:8d3::/64';
    expect(connectionGroup('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(group);
    expect(connectionGroup('2001:0DB8:85A3:08D3::1')).toBe(group);
    expect(connectionGroup('2001:db8:85a3:8d3:ffff::')).toBe(group);
    expect(connectionGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(connectionGroup('::1')).toBe('0:0:0:0::/64');
  });
});

describe('requestTimeoutOptions', () => {
  it('checks open connections often enough that a slow request is cut close to the timeout', () => {
    expect(requestTimeoutOptions({ requestTimeoutMs: 30_000 })).toEqual({
      requestTimeout: 30_000,
      http: { requestTimeout: 30_000, headersTimeout: 30_000, connectionsCheckingInterval: 1000 },
    });
    expect(requestTimeoutOptions({ requestTimeoutMs: 1500 }).http.connectionsCheckingInterval).toBe(150);
  });
});
