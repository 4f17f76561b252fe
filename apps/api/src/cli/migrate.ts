import { runDatabaseCommand } from '../db/database-command.ts';
import { migrate } from '../db/migrate.ts';

// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the PGlite database in DATA_DIR.
await runDatabaseCommand('db:migrate', async (database) => {
  const { applied } = await migrate(database);
  console.info(
    applied.length === 0
      ? `db:migrate: ${database.kind} database is up to date`
      : `db:migrate: applied ${applied.length} migration(s) to ${database.kind}: ${applied.join(', ')}`,
  );
});
