// The staff user the journeys sign in as, made by start-server.ts with the resort's own command line
// (`npm run staff -- create`, the password from STAFF_PASSWORD). A fresh database each run, so a fixed password is fine.

export const E2E_STAFF_ADMIN = {
  username: 'e2e-admin',
  password: 'Staff-Journeys-2026!',
  name: 'Morag Starter-Admin',
  email: 'admin@e2e-staff.example',
  role: 'admin',
} as const;
