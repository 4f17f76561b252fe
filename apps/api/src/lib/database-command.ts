import { type AppConfig, ConfigError, loadConfig } from '../config/env.ts';
import { loadDotEnv } from '../config/load-env-file.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { isAppError } from './app-error.ts';

// The frame of a command-line tool that works on the server's database (`npm run operator`, `npm run staff`).

/** The first line of standard input (a password piped in), without its line ending. */
export async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trimEnd();
}

/**
 * Loads the configuration (`.env` first), opens and migrates the database as `owner`, runs `work` and closes it.
 * With PGlite, opening is refused (DataDirInUseError) while the server or another command has DATA_DIR open. A usage
 * error prints the usage and exits 2; any other failure prints its message and exits 1.
 */
export function runDatabaseCommand(
  owner: string,
  usage: { text: string; isUsageError: (error: unknown) => boolean },
  work: (database: Database, config: AppConfig) => Promise<void>,
): void {
  const main = async () => {
    loadDotEnv();
    const config = loadConfig();
    const database = await createDatabase(config, owner);
    try {
      await migrate(database);
      await work(database, config);
    } finally {
      await database.close();
    }
  };
  main().catch((error: unknown) => {
    if (usage.isUsageError(error)) {
      console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage.text}`);
      process.exit(2);
    }
    const message =
      error instanceof ConfigError || isAppError(error) || error instanceof Error
        ? error.message
        : String(error);
    console.error(message);
    process.exit(1);
  });
}
