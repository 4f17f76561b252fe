import { ConfigError, loadConfig } from '../config/env.ts';
import { loadDotEnv } from '../config/load-env-file.ts';
import { createDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedDatabase } from '../db/seed/index.ts';

// `npm run db:seed`: migrates, then loads reference and demo data. Safe to run again (the seed is idempotent).
try {
  loadDotEnv();
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await migrate(database);
    await seedDatabase(database.db, { demo: true });
    console.info(`db:seed: ${database.kind} database seeded with reference and demo data`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  console.error('db:seed failed. With PGlite, stop any running server first: it owns DATA_DIR.');
  process.exit(1);
}
