import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Secrets the command line prints only once when start-server.ts creates an account (an operator's one-time
// password, the ops admin's factor key): kept in .cache, one file per e2e server port, for the journey that needs
// them, as the person given them would keep them.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const secretFile = (rootDir: string, port: string | number, name: string) =>
  join(rootDir, '.cache', `${name}-${port}.txt`);

export async function writeRunSecret(rootDir: string, port: string | number, name: string, secret: string) {
  const file = secretFile(rootDir, port, name);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
}

/** The secret `name` of this run's e2e server. */
export async function readRunSecret(name: string): Promise<string> {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (playwright.config.ts sets it)');
  return (await readFile(secretFile(root, port, name), 'utf8')).trim();
}
