import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, createTestApp, type TestApp, withCsrf } from './test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/test/explode', async () => {
    throw new Error('connect ECONNREFUSED 10.1.2.3:5432 password=hunter2 at /srv/app/secret.ts:12');
  });
});
afterAll(() => t.close());

describe('unknown routes', () => {
  it.each(['/v1/does-not-exist', '/v1', '/nothing-here'])('answer %s with a 404 envelope', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: apiHeaders() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'The requested resource was not found.' },
    });
  });
});

describe('unexpected errors', () => {
  it('answer 500 with a generic message and nothing internal', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'An unexpected error occurred.' },
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|hunter2|secret\.ts|stack/);
  });
});

describe('security headers', () => {
  it('give JSON answers the strict API policy, errors included, and no HSTS on http', async () => {
    for (const headers of [apiHeaders(), {}]) {
      const response = await t.app.inject({ method: 'GET', url: '/v1/time', headers });
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('give the site a CSP allowing only itself by default', () => {
    const csp = t.app.securityHeaders.site['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain('frame-src https://widget.resdiary.com;');
    expect(csp).toContain("connect-src 'self' https://ipapi.co https://widget.resdiary.com;");
    expect(csp).not.toContain('stripe');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(t.app.securityHeaders.site['strict-transport-security']).toBeUndefined();
  });

  it('add Stripe, the restaurant widget, IP lookup and HSTS when configured', async () => {
    const configured = await createTestApp({
      stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: undefined },
      restaurantWidgetOrigin: 'https://widget.restaurants.example',
      ipLookupOrigin: 'https://ipapi.example',
      publicUrl: 'https://book.example.com',
      secureCookies: true,
    });
    try {
      const csp = configured.app.securityHeaders.site['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self' https://js.stripe.com;");
      expect(csp).toContain(
        'frame-src https://widget.restaurants.example https://js.stripe.com https://hooks.stripe.com;',
      );
      expect(csp).toContain(
        "connect-src 'self' https://api.stripe.com https://ipapi.example https://widget.restaurants.example;",
      );
      const response = await configured.app.inject({ method: 'GET', url: '/v1/time', headers: apiHeaders() });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await configured.close();
    }
  });
});

describe('maintenance mode', () => {
  const setMaintenance = (enabled: boolean, token = t.config.adminToken) =>
    t.app.inject({
      method: 'PUT',
      url: '/admin/maintenance',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { enabled },
    });

  // Every registered /v1 route, so routes added by later modules are covered without editing this test.
  async function callEveryV1Route() {
    await t.app.ready();
    const csrf = await withCsrf(t.app);
    const routes = t.app.routeList.filter((route) => route.url.startsWith('/v1/'));
    expect(routes.length).toBeGreaterThan(0);
    return Promise.all(
      routes.map(async (route) => {
        const url = route.url.replace(/:[A-Za-z_]+/g, '1').replace('*', 'x');
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: csrf.headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
        });
        return { route: `${route.method} ${route.url}`, status: response.statusCode, body: response.body };
      }),
    );
  }

  it('rejects the admin switch without the admin token', async () => {
    const response = await setMaintenance(true, 'wrong-token-value');
    expect(response.statusCode).toBe(401);
    const withoutHeader = await t.app.inject({ method: 'GET', url: '/admin/maintenance' });
    expect(withoutHeader.statusCode).toBe(401);
  });

  it('answers 503 on every /v1 route while on, and restores them when off', async () => {
    const off = await t.app.inject({ method: 'GET', url: '/v1/maintenance', headers: apiHeaders() });
    expect(off.json()).toEqual({ data: { maintenance: false } });

    const on = await setMaintenance(true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ data: { maintenance: true, forced_by_env: false, database_flag: true } });

    const results = await callEveryV1Route();
    for (const result of results.filter((each) => !each.route.includes(' /v1/staff/'))) {
      expect(result.status, result.route).toBe(503);
      expect(JSON.parse(result.body), result.route).toEqual({
        error: { code: 'maintenance', message: 'Service is currently unavailable due to maintenance.' },
      });
    }
    // The staff area works on (its own guard answers: here nobody is signed in), so staff can switch it off again.
    const staffRoutes = results.filter((each) => each.route.includes(' /v1/staff/'));
    expect(staffRoutes.length).toBeGreaterThan(20);
    for (const result of staffRoutes) expect(result.body, result.route).not.toContain('"code":"maintenance"');
    // The web fetches its token before the call that reveals maintenance, so /csrf keeps working.
    const csrf = await t.app.inject({ method: 'GET', url: '/csrf', headers: apiHeaders() });
    expect(csrf.statusCode).toBe(200);

    expect((await setMaintenance(false)).json().data.maintenance).toBe(false);
    for (const result of await callEveryV1Route()) {
      // A route may answer 503 for its own reasons (an unconfigured provider), but never the maintenance answer.
      expect(result.body, result.route).not.toContain('"code":"maintenance"');
    }
    const time = await t.app.inject({ method: 'GET', url: '/v1/time', headers: apiHeaders() });
    expect(time.statusCode).toBe(200);
  });

  it('is forced by MAINTENANCE_MODE=on regardless of the database flag', async () => {
    const forced = await createTestApp({ maintenanceForced: true });
    try {
      const response = await forced.app.inject({ method: 'GET', url: '/v1/time', headers: apiHeaders() });
      expect(response.statusCode).toBe(503);
    } finally {
      await forced.close();
    }
  });

  it('is read from the cache between refreshes when a cache window is set', async () => {
    const cached = await createTestApp({ maintenanceCacheMs: 60_000 });
    try {
      await cached.app.ready();
      // Written behind the instance's back (as another instance or the CLI would): not seen until the refresh.
      const { writeMaintenanceFlag } = await import('./lib/maintenance.ts');
      await writeMaintenanceFlag(cached.database.db, true);
      const response = await cached.app.inject({ method: 'GET', url: '/v1/time', headers: apiHeaders() });
      expect(response.statusCode).toBe(200);
      // Switching through this instance takes effect at once.
      await cached.app.maintenance.set(true);
      const after = await cached.app.inject({ method: 'GET', url: '/v1/time', headers: apiHeaders() });
      expect(after.statusCode).toBe(503);
      // A change made elsewhere is seen once the maintenance-flag job has refreshed the cache.
      await writeMaintenanceFlag(cached.database.db, false);
      expect(
        (await cached.app.inject({ method: 'GET', url: '/v1/time', headers: apiHeaders() })).statusCode,
      ).toBe(503);
      await cached.app.jobs.runOnce('maintenance-flag');
      expect(
        (await cached.app.inject({ method: 'GET', url: '/v1/time', headers: apiHeaders() })).statusCode,
      ).toBe(200);
    } finally {
      await cached.close();
    }
  });
});
