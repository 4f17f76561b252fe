import { ConfigError, loadConfig } from '../config/env.ts';
import { loadDotEnv } from '../config/load-env-file.ts';
import { createDatabase } from '../db/client.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { serializeError } from '../plugins/log-serializers.ts';

// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the PGlite database in DATA_DIR.
try {
  loadDotEnv();
  const config = loadConfig();
  const database = await createDatabase(config, 'npm run db:migrate');
  try {
    const { applied } = await migrate(database);
    console.info(
      applied.length === 0
        ? `db:migrate: ${database.kind} database is up to date`
        : `db:migrate: applied ${applied.length} migration(s) to ${database.kind}: ${applied.join(', ')}`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('db:migrate failed:', serializeError(error));
  }
  process.exit(1);
}
