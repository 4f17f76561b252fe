import type { Server, ServerOptions } from 'node:http';
import { isIPv6 } from 'node:net';
import type { AppConfig } from '../config/env.ts';

// Slow clients. Fastify turns Node's request timeout off (requestTimeout 0), so a client that sent its headers and
// then trickled a body held its connection for as long as it liked: 500 such connections were still open after
// 95 s. Two limits, both for every route: a request must arrive whole within REQUEST_TIMEOUT_MS, and one address may
// hold MAX_CONNECTIONS_PER_ADDRESS connections at once.

/**
 * Fastify's server options for the request timeout: Node answers 408 and closes a connection whose request (headers
 * and body) has not arrived whole in time. Node checks open connections on a timer (30 s by default, which could
 * double the wait), here every tenth of the timeout, at most every second.
 */
export function requestTimeoutOptions(config: Pick<AppConfig, 'requestTimeoutMs'>): {
  requestTimeout: number;
  http: ServerOptions;
} {
  const timeout = config.requestTimeoutMs;
  return {
    requestTimeout: timeout,
    http: {
      requestTimeout: timeout,
      headersTimeout: timeout,
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(timeout / 10))),
    },
  };
}

/**
 * The group an address's connections are counted in: the address itself for IPv4 (also written as ::ffff:a.b.c.d),
 * and the /64 for IPv6, which one subscriber is given whole (so per address it would be no cap at all).
 */
export function connectionGroup(address: string): string {
  if (address.startsWith('::ffff:') && address.includes('.')) return address.slice(7);
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = address.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Closes, as it arrives, any connection beyond `maxPerAddress` open ones from its address group. Off when the cap
 * is 0, and behind a trusted proxy: every connection then comes from the proxy, which must apply the cap itself
 * (docs/ARCHITECTURE.md, Configuration).
 */
export function capConnectionsPerAddress(
  server: Server,
  config: Pick<AppConfig, 'maxConnectionsPerAddress' | 'trustProxy'>,
): void {
  const max = config.maxConnectionsPerAddress;
  if (max === 0 || config.trustProxy) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return;
    const group = connectionGroup(address);
    const count = open.get(group) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(group, count + 1);
    socket.once('close', () => {
      const left = (open.get(group) ?? 1) - 1;
      if (left === 0) open.delete(group);
      else open.set(group, left);
    });
  });
}
