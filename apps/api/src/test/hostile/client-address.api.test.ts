import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { FORGOT_PASSWORD_ADDRESS_RULE } from '../../modules/auth/auth-rate-limits.ts';
import { Browser, errorOf } from '../multi-process/browser.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from '../test-app.ts';

// Issue 20, point 3: the client address is one the client cannot choose. Over real HTTP (the address comes from the
// socket and the X-Forwarded-For header as a proxy writes it), with TRUST_PROXY parsed from the environment exactly
// as a deployment sets it. The allowance used is forgot-password's per-address one: ten requests in 15 minutes.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function serve(trustProxy: string) {
  t = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

/** A browser whose requests reach the server with this X-Forwarded-For (as the proxy in front wrote it). */
async function from(server: { url: string }, forwardedFor: string) {
  const browser = new Browser(TEST_API_KEY, forwardedFor);
  await browser.csrf(server);
  return browser;
}

const forgot = (browser: Browser, server: { url: string }) =>
  browser.call(server, 'POST', '/v1/forgot-password', { username: 'nobody-in-particular' });

describe('client addresses behind trusted proxies', () => {
  it('behind one trusted hop, forged left-most entries and the real client share one allowance', async () => {
    const server = await serve('1');
    const real = '198.51.100.77';
    const limit = FORGOT_PASSWORD_ADDRESS_RULE.max;
    for (let forged = 1; forged <= limit; forged += 1) {
      // The client wrote "203.0.113.N" itself; the proxy appended the address it saw.
      const answer = await forgot(await from(server, `203.0.113.${forged}, ${real}`), server);
      expect(answer.status, `forged request ${forged}: ${answer.text}`).toBe(200);
    }
    const own = await forgot(await from(server, real), server);
    expect(own.status, own.text).toBe(429);
    expect(errorOf(own).code).toBe('rate_limited');
    // Another real client behind the same proxy has its own allowance.
    expect((await forgot(await from(server, '198.51.100.78'), server)).status).toBe(200);
  });

  it('with a list of trusted proxies, the client is the right-most address none of them added', async () => {
    const server = await serve('127.0.0.1, 10.0.0.0/8');
    const real = '192.0.2.44';
    const limit = FORGOT_PASSWORD_ADDRESS_RULE.max;
    for (let forged = 1; forged <= limit; forged += 1) {
      // Client -> load balancer (10.0.0.5, adds the client) -> internal proxy (adds 10.0.0.5) -> this server.
      const answer = await forgot(await from(server, `203.0.113.${forged}, ${real}, 10.0.0.5`), server);
      expect(answer.status, `forged request ${forged}: ${answer.text}`).toBe(200);
    }
    expect((await forgot(await from(server, `${real}, 10.0.0.5`), server)).status).toBe(429);
  });

  it('with no trusted proxy, X-Forwarded-For is ignored: every forged entry is the socket address', async () => {
    const server = await serve('off');
    const limit = FORGOT_PASSWORD_ADDRESS_RULE.max;
    for (let forged = 1; forged <= limit; forged += 1) {
      expect((await forgot(await from(server, `203.0.113.${forged}`), server)).status).toBe(200);
    }
    expect((await forgot(await from(server, '203.0.113.200'), server)).status).toBe(429);
  });
});
