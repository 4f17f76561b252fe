import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * A stable, keyed hash of a client address: enough to count and limit per address, useless to anyone reading the
 * database without the server secret (a plain hash of an IPv4 address is reversed by trying all 2^32).
 */
export function clientAddressKey(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`client-address:${address}`).digest('base64url').slice(0, 32);
}

/**
 * The network an address belongs to, as one operator hands them out: an IPv4 /24, an IPv6 /64 (one household's or
 * one server's prefix). An IPv4 address seen through IPv6 (::ffff:a.b.c.d) is its IPv4 network. Anything else is
 * its own network.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1] : address;
  if (v4 !== undefined && isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
  return address;
}

/** The eight 16-bit groups of an IPv6 address, lower-case and unabbreviated. */
function expandIPv6(address: string): string[] {
  const withoutZone = address.split('%')[0] ?? address;
  const [head = '', tail] = withoutZone.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // An embedded IPv4 tail (::a.b.c.d) is two groups; only the /64 prefix matters, so its value does not.
  const rightLength = right.reduce((length, group) => length + (group.includes('.') ? 2 : 1), 0);
  const missing = tail === undefined ? 0 : 8 - left.length - rightLength;
  return [...left, ...Array.from({ length: missing }, () => '0'), ...right].map((group) =>
    group.includes('.') ? group : group.toLowerCase().replace(/^0+(?=.)/, ''),
  );
}

/** A keyed hash of the client's network (see networkOf), for limits shared by the addresses of one network. */
export function clientNetworkKey(secret: string, address: string): string {
  return createHmac('sha256', secret)
    .update(`client-network:${networkOf(address)}`)
    .digest('base64url')
    .slice(0, 32);
}
