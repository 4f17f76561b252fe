import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Tour operators created for the journeys by start-server.ts with `npm run operator -- create` (the e2e server runs
// with NODE_ENV=production, which seeds no demo operators). A fresh database each run, so fixed passwords are fine.

export type JourneyOperator = {
  username: string;
  password: string;
  company: string;
  email: string;
  deposit: number;
};

/** 50 % deposit. Its password is never changed by a journey, so any number of journeys may sign in with it. */
export const DEPOSIT_OPERATOR: JourneyOperator = {
  username: 'e2e-fairway',
  password: 'Fairway-Journeys-2026!',
  company: 'Fairway Journeys Ltd',
  email: 'bookings@e2e-fairway.example',
  deposit: 50,
};

/**
 * 0 % deposit. Only the serial password journeys of operator.spec.ts sign in with it: they change its password, and
 * a password change signs its other sessions out.
 */
export const PASSWORD_OPERATOR: JourneyOperator = {
  username: 'e2e-links',
  password: 'Links-Journeys-2026!',
  company: 'Links Journeys Ltd',
  email: 'desk@e2e-links.example',
  deposit: 0,
};

export const JOURNEY_OPERATORS: readonly JourneyOperator[] = [DEPOSIT_OPERATOR, PASSWORD_OPERATOR];

/**
 * Created with no password given, so the CLI generates a one-time password (printed once), which start-server.ts
 * leaves in .cache for the journey that signs in with it and must choose its own (issue 24).
 */
export const ONE_TIME_OPERATOR = {
  username: 'e2e-one-time',
  company: 'One Time Tours Ltd',
  email: 'desk@e2e-one-time.example',
} as const;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const oneTimeFile = (rootDir: string, port: string | number) =>
  join(rootDir, '.cache', `e2e-one-time-password-${port}.txt`);

export async function writeOneTimePassword(rootDir: string, port: string | number, password: string) {
  const file = oneTimeFile(rootDir, port);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, password, { mode: 0o600 });
}

/** The one-time password of this run's e2e server. */
export async function readOneTimePassword(): Promise<string> {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (playwright.config.ts sets it)');
  return (await readFile(oneTimeFile(root, port), 'utf8')).trim();
}
