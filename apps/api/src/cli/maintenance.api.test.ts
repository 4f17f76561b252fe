import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createPgliteDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { readMaintenanceFlag } from '../lib/maintenance.ts';
import { migratedDataDir as migratedDataDirIn } from '../test/migrated-data-dir.ts';
import { testConfig } from '../test/test-app.ts';

// The PGlite paths of `npm run maintenance`: straight into the data directory when no server owns it, and through
// the running server's admin route when one does (PGlite is single-process).

const run = promisify(execFile);
const cli = fileURLToPath(new URL('./maintenance.ts', import.meta.url));
// Resolved here because the CLI runs inside the data directory (so no stray .env is picked up).
const tsxLoader = import.meta.resolve('tsx');
const ADMIN_TOKEN = 'cli-test-admin-token';

let dataDir: string | undefined;
let root: string | undefined;
afterEach(async () => {
  for (const dir of [root, dataDir]) if (dir) await rm(dir, { recursive: true, force: true });
  dataDir = undefined;
  root = undefined;
});

/** A migrated data directory inside a folder removed after the test. */
async function migratedDataDir(): Promise<string> {
  const made = await migratedDataDirIn('links-cli-');
  root = made.root;
  return made.dataDir;
}

async function maintenance(command: string, dir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, ADMIN_TOKEN, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  delete env.MAINTENANCE_MODE;
  const { stdout } = await run(process.execPath, ['--import', tsxLoader, cli, command], { env, cwd: dir });
  return stdout;
}

describe('npm run maintenance (PGlite)', () => {
  it('writes the flag into the data directory when no server is running', async () => {
    dataDir = await migratedDataDir();
    const on = await maintenance('on', dataDir);
    expect(on).toContain('Maintenance mode is ON');
    expect(on).toContain(`via PGlite in ${dataDir}`);

    const database = createPgliteDatabase(await PGlite.create({ dataDir }));
    try {
      expect(await readMaintenanceFlag(database.db)).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('asks the running server that owns the data directory', async () => {
    dataDir = await migratedDataDir();
    // What server.ts does: hold DATA_DIR (released by database.close()), and record where it listens.
    const lock = await lockDataDir(dataDir, 'the server');
    const database = createPgliteDatabase(await PGlite.create({ dataDir }), lock);
    const app = await buildApp({
      config: testConfig({ adminToken: ADMIN_TOKEN, dataDir }),
      database,
      logger: false,
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      await lock.update({ port, host: '127.0.0.1' });

      expect(await maintenance('on', dataDir)).toContain(`via server pid ${process.pid}`);
      const during = await app.inject({
        method: 'GET',
        url: '/v1/time',
        headers: { 'x-api-key': 'test-api-key', 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(during.statusCode).toBe(503);
      expect(await maintenance('off', dataDir)).toContain('Maintenance mode is OFF');
      expect(await readMaintenanceFlag(database.db)).toBe(false);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);

  it('rejects an unknown command with usage', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'links-cli-'));
    await expect(maintenance('maybe', dataDir)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run maintenance -- on|off|status'),
    });
  });
});
