/**
 * Settings shared by playwright.config.ts, the server it starts and the journeys.
 * The secrets are test-only values: the server runs with NODE_ENV=production, which refuses the development defaults,
 * so the journeys exercise the same configuration checks a real deployment does.
 */
export const E2E_SECRETS = {
  adminToken: 'e2e-admin-token-not-a-secret',
  sessionSecret: 'e2e-session-secret-not-a-secret-0123456789',
  linkSigningSecret: 'e2e-link-signing-secret-not-a-secret-0123',
  staffFactorKey: 'e2e-staff-factor-key-not-a-secret-0123456789',
} as const;

/**
 * The public API key the web bundle sends. It is compiled into the bundle (VITE_API_KEY), so the build the journeys
 * run against must be made with it: scripts/test-all.sh builds with this value, and the server wrapper refuses to start
 * on a bundle built with another key.
 */
export const E2E_API_KEY = process.env.E2E_API_KEY ?? 'e2e-web-public-key';

/** Headers every /v1 call needs, for journeys that talk to the API directly. */
export const E2E_API_HEADERS = { 'X-Api-Key': E2E_API_KEY, 'X-Requested-With': 'XMLHttpRequest' } as const;

export function e2eBaseUrl(port: string | number): string {
  return `http://127.0.0.1:${port}`;
}
