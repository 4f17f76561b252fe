import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeWithSchema } from '../../lib/prebuilt-json.ts';
import { apiHeaders, createTestApp, type TestApp } from '../../test/test-app.ts';
import { timeBody, timeResponse } from './system.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v1/time', () => {
  it('returns the server time as an ISO UTC instant', async () => {
    const before = Date.now();
    const response = await t.app.inject({ method: 'GET', url: '/v1/time', headers: apiHeaders() });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: { server_time: string } };
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data.server_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const time = Date.parse(body.data.server_time);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('writes by hand exactly what the zod serialiser would', () => {
    for (const instant of [new Date(0), new Date('2027-03-28T00:59:59.999Z'), new Date(8.64e15)]) {
      expect(timeBody(instant)).toBe(
        serializeWithSchema(timeResponse, { data: { server_time: instant.toISOString() } }),
      );
    }
  });
});

describe('GET /v1/openapi.json', () => {
  it('documents every /v1 route with its security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: apiHeaders() });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
      components: { securitySchemes: Record<string, { name?: string }> };
    };
    expect(document.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const v1Routes = t.app.routeList.filter((route) => route.url.startsWith('/v1/'));
    expect(v1Routes.length).toBeGreaterThanOrEqual(3);
    for (const route of v1Routes) {
      expect(documented, `${route.method} ${route.url}`).toContain(
        `${route.method} ${toOpenApiPath(route.url)}`,
      );
    }
    expect(document.components.securitySchemes.apiKey?.name).toBe('X-Api-Key');
    expect(document.components.securitySchemes.csrfToken?.name).toBe('X-XSRF-TOKEN');
    expect(document.paths['/v1/time']?.get?.security).toEqual([{ apiKey: [], requestedWith: [] }]);
    expect(document.paths['/admin/maintenance']?.put?.security).toEqual([{ adminToken: [] }]);
    expect(JSON.stringify(document.paths['/v1/time'])).toContain('"format":"date-time"');
  });
});
