// The staff users the journeys sign in as, made by start-server.ts with the resort's own command line
// (`npm run staff -- create`, the password from STAFF_PASSWORD). A fresh database each run, so a fixed password is fine.

export const E2E_STAFF_ADMIN = {
  username: 'e2e-admin',
  password: 'Staff-Journeys-2026!',
  name: 'Morag Starter-Admin',
  email: 'admin@e2e-staff.example',
  role: 'admin',
} as const;

/**
 * The admin of the maintenance journey (the 'global-state' project, which runs after the staff journeys have used
 * E2E_STAFF_ADMIN's codes). Its factor key is the one the command line prints once; start-server.ts leaves it in
 * .cache for that journey, as an authenticator app would keep it.
 */
export const E2E_OPS_ADMIN = {
  username: 'e2e-ops',
  password: 'Ops-Journeys-2026!',
  name: 'Ewan Operations',
  email: 'ops@e2e-staff.example',
  role: 'admin',
} as const;

/** E2E_OPS_ADMIN's factor key, as run-secrets.ts keeps it. */
export const OPS_FACTOR_KEY_SECRET = 'e2e-ops-factor-key';
