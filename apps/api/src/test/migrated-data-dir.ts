import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { createPgliteDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

/**
 * A new folder holding a migrated PGlite data directory (`dataDir`, inside `root`), for servers and commands run
 * as processes of their own. Copied from the run's template when there is one (initdb is slow); the caller deletes
 * `root`.
 */
export async function migratedDataDir(prefix = 'links-data-'): Promise<{ root: string; dataDir: string }> {
  const root = await mkdtemp(join(tmpdir(), prefix));
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
