import { type AppConfig, ConfigError, loadConfig } from '../config/env.ts';
import { loadDotEnv } from '../config/load-env-file.ts';
import { createDatabase } from '../db/client.ts';
import { DataDirInUseError, type DataDirOwner, dataDirOwner } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { type MaintenanceStatus, readMaintenanceFlag, writeMaintenanceFlag } from '../lib/maintenance.ts';

// `npm run maintenance -- on|off|status`. With DATABASE_URL the flag is written straight to PostgreSQL (every
// instance picks it up within MAINTENANCE_CACHE_MS). PGlite is single-process, so when a server owns DATA_DIR the
// CLI asks that server over HTTP (PUT /admin/maintenance), at the port its lock file names; with no process holding
// the directory it opens PGlite itself; while another command holds it, it refuses.

const USAGE = 'Usage: npm run maintenance -- on|off|status';

type Command = 'on' | 'off' | 'status';

type ListeningServer = DataDirOwner & { port: number; listenHost: string };

async function viaServer(
  config: AppConfig,
  server: ListeningServer,
  command: Command,
): Promise<MaintenanceStatus> {
  const host =
    server.listenHost === '0.0.0.0' || server.listenHost === '::' ? '127.0.0.1' : server.listenHost;
  const response = await fetch(
    `http://${host.includes(':') ? `[${host}]` : host}:${server.port}/admin/maintenance`,
    {
      method: command === 'status' ? 'GET' : 'PUT',
      headers: {
        authorization: `Bearer ${config.adminToken}`,
        ...(command === 'status' ? {} : { 'content-type': 'application/json' }),
      },
      ...(command === 'status' ? {} : { body: JSON.stringify({ enabled: command === 'on' }) }),
    },
  );
  const body = (await response.json()) as { data?: MaintenanceStatus; error?: { message: string } };
  if (!response.ok || !body.data) {
    throw new Error(
      `The running server (pid ${server.pid}) refused: ${body.error?.message ?? response.status}`,
    );
  }
  return body.data;
}

async function direct(config: AppConfig, command: Command): Promise<MaintenanceStatus> {
  const database = await createDatabase(config, 'npm run maintenance');
  try {
    await migrate(database);
    if (command !== 'status') await writeMaintenanceFlag(database.db, command === 'on');
    const databaseFlag = await readMaintenanceFlag(database.db);
    return {
      maintenance: config.maintenanceForced || databaseFlag,
      forced_by_env: config.maintenanceForced,
      database_flag: databaseFlag,
    };
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const command = process.argv[2];
  if (command !== 'on' && command !== 'off' && command !== 'status') {
    console.error(USAGE);
    process.exit(2);
  }
  loadDotEnv();
  const config = loadConfig();
  const owner = config.databaseUrl ? undefined : await dataDirOwner(config.dataDir);
  // Another command, or a server still starting (it records its port once it listens): nothing to ask yet.
  if (owner && (owner.port === undefined || owner.listenHost === undefined)) {
    throw new DataDirInUseError(config.dataDir, owner);
  }
  const server = owner as ListeningServer | undefined;
  const status = server ? await viaServer(config, server, command) : await direct(config, command);
  const where = server
    ? `server pid ${server.pid} on port ${server.port}`
    : config.databaseUrl
      ? 'PostgreSQL'
      : `PGlite in ${config.dataDir}`;
  console.info(
    `Maintenance mode is ${status.maintenance ? 'ON' : 'OFF'} (database flag: ${status.database_flag ? 'on' : 'off'}, ` +
      `MAINTENANCE_MODE: ${status.forced_by_env ? 'on' : 'off'}; via ${where}).`,
  );
  if (config.databaseUrl && command !== 'status') {
    console.info(`Running instances pick the change up within ${config.maintenanceCacheMs} ms.`);
  }
  if (command === 'off' && status.forced_by_env) {
    console.info('MAINTENANCE_MODE=on still forces maintenance for processes started with it.');
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
