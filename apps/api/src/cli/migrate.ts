import { ConfigError, loadConfig } from '../config/env.ts';
import { loadDotEnv } from '../config/load-env-file.ts';
import { createDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the PGlite database in DATA_DIR.
try {
  loadDotEnv();
  const config = loadConfig();
  const database = await createDatabase(config);
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
  console.error(error instanceof ConfigError ? error.message : error);
  console.error('db:migrate failed. With PGlite, stop any running server first: it owns DATA_DIR.');
  process.exit(1);
}
