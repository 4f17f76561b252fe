import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { XSRF_COOKIE, XSRF_HEADER } from '../lib/session-token.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from '../test/test-app.ts';

// Slow clients over real HTTP (issue 20, point 6): 500 connections that sent their headers and then trickled a body
// were all held open for 95 s and more, since nothing timed a request out. Now a request must arrive whole within
// REQUEST_TIMEOUT_MS (else 408 and the connection is closed), and one address may hold MAX_CONNECTIONS_PER_ADDRESS
// connections at once (more are closed as they arrive).

const apps: TestApp[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const t of apps.splice(0)) await t.close();
});

async function listening(
  overrides: Parameters<typeof createTestApp>[0],
): Promise<{ t: TestApp; port: number }> {
  const t = await createTestApp(overrides);
  apps.push(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  return { t, port: typeof address === 'object' && address ? address.port : 0 };
}

type Connection = {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves with the milliseconds from connecting to the server closing the connection, or 'open' at the deadline. */
  closedWithin(ms: number): Promise<number | 'open'>;
};

async function open(port: number, localAddress = '127.0.0.1'): Promise<Connection> {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  sockets.push(socket);
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  socket.on('error', () => {
    // A reset from the server: seen as 'close'.
  });
  const connectedAt = await new Promise<number>((resolve, reject) => {
    socket.once('connect', () => resolve(performance.now()));
    socket.once('error', reject);
  });
  const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  return {
    socket,
    received: () => text,
    closedWithin: (ms) =>
      Promise.race([
        closedAt.then((at) => Math.round(at - connectedAt)),
        new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
      ]),
  };
}

/** A session cookie and its XSRF token, fetched the way the browser does, so the guard lets a POST through. */
async function csrfHeaders(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/csrf`, {
    headers: { 'x-api-key': TEST_API_KEY, 'x-requested-with': 'XMLHttpRequest' },
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const token = cookies.find((cookie) => cookie?.startsWith(`${XSRF_COOKIE}=`))?.split('=')[1];
  return [
    `Cookie: ${cookies.join('; ')}`,
    `${XSRF_HEADER}: ${token}`,
    `X-Api-Key: ${TEST_API_KEY}`,
    'X-Requested-With: XMLHttpRequest',
  ].join('\r\n');
}

/** Writes one byte every `everyMs` until the socket closes. */
function trickle(socket: Socket, byte: string, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed || socket.writableEnded) clearInterval(timer);
    else socket.write(byte);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

const TIMEOUT_MS = 1500;
/** How long a test waits before calling a connection "held open": several times the timeout. */
const HELD_OPEN_AFTER_MS = 10_000;

describe('a request that arrives too slowly (REQUEST_TIMEOUT_MS)', () => {
  it('cuts off a body trickled in after complete headers, with 408', async () => {
    const { port } = await listening({ requestTimeoutMs: TIMEOUT_MS });
    const connection = await open(port);
    connection.socket.write(
      `POST /v1/bookings HTTP/1.1\r\nHost: localhost\r\n${await csrfHeaders(port)}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"notes":"',
    );
    // 4,000 bytes at one every 100 ms would take 400 s.
    trickle(connection.socket, 'x', 100);
    const closedAfter = await connection.closedWithin(HELD_OPEN_AFTER_MS);
    expect(closedAfter, 'the trickling connection was held open').not.toBe('open');
    expect(closedAfter).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts off headers trickled in (slowloris)', async () => {
    const { port } = await listening({ requestTimeoutMs: TIMEOUT_MS });
    const connection = await open(port);
    connection.socket.write('GET /v1/time HTTP/1.1\r\nHost: localhost\r\n');
    trickle(connection.socket, 'X', 100);
    expect(await connection.closedWithin(HELD_OPEN_AFTER_MS)).not.toBe('open');
  });

  it('leaves a request that arrives in time alone, on a connection kept alive', async () => {
    const { port } = await listening({ requestTimeoutMs: TIMEOUT_MS });
    for (let call = 0; call < 2; call += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/v1/time`, {
        headers: { 'x-api-key': TEST_API_KEY, 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });
});

describe('connections per address (MAX_CONNECTIONS_PER_ADDRESS)', () => {
  it('closes connections over the cap as they arrive; other addresses and later connections are served', async () => {
    const { port } = await listening({ maxConnectionsPerAddress: 5, requestTimeoutMs: 60_000 });
    const held = await Promise.all(Array.from({ length: 5 }, () => open(port)));
    const over = await open(port);
    expect(await over.closedWithin(HELD_OPEN_AFTER_MS), 'the sixth connection was kept').not.toBe('open');
    expect(over.received()).toBe('');

    // The five are untouched and each still serves a request.
    const get = `GET /v1/time HTTP/1.1\r\nHost: localhost\r\nX-Api-Key: ${TEST_API_KEY}\r\nX-Requested-With: XMLHttpRequest\r\n\r\n`;
    held[0]?.socket.write(get);
    await expect.poll(() => held[0]?.received() ?? '').toMatch(/^HTTP\/1\.1 200 /);

    // Another address has its own allowance (loopback answers on all of 127.0.0.0/8).
    const elsewhere = await open(port, '127.0.0.2');
    elsewhere.socket.write(get);
    await expect.poll(() => elsewhere.received()).toMatch(/^HTTP\/1\.1 200 /);

    // A connection closed frees its place.
    held[1]?.socket.destroy();
    await held[1]?.closedWithin(HELD_OPEN_AFTER_MS);
    const again = await open(port);
    again.socket.write(get);
    await expect.poll(() => again.received()).toMatch(/^HTTP\/1\.1 200 /);
  });
});
