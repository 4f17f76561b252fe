import { ConfigError, loadConfig } from '../config/env.ts';
import { loadDotEnv } from '../config/load-env-file.ts';
import { createDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { isAppError } from '../lib/app-error.ts';
import { runStaffCommand, STAFF_USAGE, StaffUsageError } from '../modules/staff/staff-command.ts';

// `npm run staff -- <command>`: the resort's staff accounts, on the same database the server uses. PGlite allows one
// process per data directory, so with PGlite this refuses to run while a server owns it.

async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trimEnd();
}

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  // With PGlite, refused (DataDirInUseError) while the server or another command has DATA_DIR open.
  const database = await createDatabase(config, 'npm run staff');
  try {
    await migrate(database);
    await runStaffCommand({ db: database.db, config }, process.argv.slice(2), {
      print: (line) => console.info(line),
      readStdinLine,
      env: process.env,
      now: () => new Date(),
    });
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof StaffUsageError) {
    console.error(`${error.message}\n\n${STAFF_USAGE}`);
    process.exit(2);
  }
  const message =
    error instanceof ConfigError || isAppError(error) || error instanceof Error
      ? error.message
      : String(error);
  console.error(message);
  process.exit(1);
});
