import { type AppConfig, ConfigError, loadConfig } from '../config/env.ts';
import { loadDotEnv } from '../config/load-env-file.ts';
import { serializeError } from '../plugins/log-serializers.ts';
import { createDatabase, type Database } from './client.ts';
import { DataDirInUseError } from './data-dir-lock.ts';

/**
 * Runs `npm run {script}` on the configured database (.env, then the environment): opens it, runs `body`, closes it.
 * A bad configuration or a data directory another process holds is told in its own words, anything else as
 * '{script} failed:' with the error; either way the process exits 1.
 */
export async function runDatabaseCommand(
  script: string,
  body: (database: Database, config: AppConfig) => Promise<void>,
): Promise<void> {
  try {
    loadDotEnv();
    const config = loadConfig();
    const database = await createDatabase(config, `npm run ${script}`);
    try {
      await body(database, config);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      console.error(error.message);
    } else {
      console.error(`${script} failed:`, serializeError(error));
    }
    process.exit(1);
  }
}
