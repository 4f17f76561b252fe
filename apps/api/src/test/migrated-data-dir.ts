import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { createPgliteDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import type { CleanupStep } from './cleanup-steps.ts';

/**
 * A new folder holding a migrated PGlite data directory (`dataDir`, inside `root`), for servers and commands run
 * as processes of their own. Copied from the run's template when there is one (initdb is slow). `root` is removed
 * by `cleanup` when one is given, else by the caller.
 */
export async function migratedDataDir(
  prefix = 'links-data-',
  cleanup?: CleanupStep[],
): Promise<{ root: string; dataDir: string }> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  cleanup?.push(() => rm(root, { recursive: true, force: true }));
  const dataDir = join(root, 'data');
  const template = inject('pgliteTemplatePath');
  const client = await PGlite.create({
    dataDir,
    ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}),
  });
  const database = createPgliteDatabase(client);
  await migrate(database);
  await database.close();
  return { root, dataDir };
}
