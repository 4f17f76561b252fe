import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Test-only: the HTTP server of a test double (a fake provider, a proxy) on a free port of 127.0.0.1.

export abstract class LoopbackServer {
  #server: Server | undefined;
  port = 0;

  /** Answers one request. */
  protected abstract handle(request: IncomingMessage, response: ServerResponse): void;

  /** Listens on a free 127.0.0.1 port (then in `port`). */
  async start(): Promise<this> {
    const server = createServer((request, response) => this.handle(request, response));
    this.#server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  /** Closes the server (if started), cutting its open connections first. */
  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** What stripe-node's config (host, port, protocol) needs to talk to this server. */
  get api() {
    return { host: '127.0.0.1', port: this.port, protocol: 'http' as const };
  }
}
