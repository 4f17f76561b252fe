import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createPgliteDatabase, createPostgresDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { dropDatabase, newDatabase, testDbKind } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** TEST_DB=pglite: path of a gzipped PGlite data directory holding the migrated schema. */
    pgliteTemplatePath: string;
    /** TEST_DB=postgres: name of the migrated template database to copy per test file. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run into a template; each test file then copies it, so a fresh database costs a
 * file copy / CREATE DATABASE ... TEMPLATE instead of a full migration.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testDbKind() === 'postgres') {
    // Unique per run: two developers (or CI jobs) running the suite at once must not share a template.
    const { name: template, url } = await newDatabase('links_test_template');
    const database = createPostgresDatabase(url, 1);
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplatePath', '');
    return () => dropDatabase(template);
  }

  const dir = await mkdtemp(join(tmpdir(), 'links-pglite-template-'));
  const client = await PGlite.create();
  const database = createPgliteDatabase(client);
  try {
    await migrate(database);
    const dump = await client.dumpDataDir('gzip');
    const path = join(dir, 'template.tar.gz');
    await writeFile(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplatePath', path);
    project.provide('postgresTemplate', '');
  } finally {
    await database.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
