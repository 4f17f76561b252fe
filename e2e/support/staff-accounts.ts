import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const factorKeyFile = (rootDir: string, port: string | number) =>
  join(rootDir, '.cache', `e2e-ops-factor-key-${port}.txt`);

export async function writeOpsFactorKey(rootDir: string, port: string | number, key: string) {
  const file = factorKeyFile(rootDir, port);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, key, { mode: 0o600 });
}

/** The ops admin's factor key on this run's e2e server. */
export async function readOpsFactorKey(): Promise<string> {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (playwright.config.ts sets it)');
  return (await readFile(factorKeyFile(root, port), 'utf8')).trim();
}
