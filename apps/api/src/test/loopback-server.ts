import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Test-only: the HTTP server of a test double (a fake provider, a proxy) on a free port of 127.0.0.1.

/** Listens on a free 127.0.0.1 port and resolves to that port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Closes the server (if started), cutting its open connections first. */
export async function closeServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** What stripe-node's config (host, port, protocol) needs to talk to the server on `port`. */
export function loopbackApi(port: number) {
  return { host: '127.0.0.1', port, protocol: 'http' as const };
}
