import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { apiHelmetOptions, computeSecurityHeaders, siteHelmetOptions } from './security-headers.ts';

// The contract with helmet (pinned to an exact version in apps/api/package.json): the headers computed once against
// a recording response are exactly those helmet sets on a real Node response, for the site's and the API's options.
// An upgrade that starts reading the request, or writing the response in another way, fails here.

async function headersFromRealResponse(options: HelmetOptions): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    middleware(request, response, (error?: unknown) => {
      response.statusCode = error ? 500 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    expect(answer.status).toBe(200);
    const seen: Record<string, string> = {};
    const ownHeaders = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']);
    answer.headers.forEach((value, name) => {
      if (!ownHeaders.has(name)) seen[name] = value;
    });
    return seen;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('security headers computed once', () => {
  const https = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://booking.example.com' });
  const http = loadConfig({ NODE_ENV: 'test' });
  for (const [name, options] of [
    ['site, https', siteHelmetOptions(https)],
    ['site, http', siteHelmetOptions(http)],
    ['API, https', apiHelmetOptions(https)],
    ['API, http', apiHelmetOptions(http)],
  ] as const) {
    it(`are the headers helmet sets on a real response (${name})`, async () => {
      const computed = computeSecurityHeaders(options);
      expect(Object.keys(computed).length).toBeGreaterThanOrEqual(3);
      expect(computed).toEqual(await headersFromRealResponse(options));
    });
  }
});
