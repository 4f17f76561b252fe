import { createHmac } from 'node:crypto';

/**
 * A stable, keyed hash of a client address: enough to count and limit per address, useless to anyone reading the
 * database without the server secret (a plain hash of an IPv4 address is reversed by trying all 2^32).
 */
export function clientAddressKey(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`client-address:${address}`).digest('base64url').slice(0, 32);
}
