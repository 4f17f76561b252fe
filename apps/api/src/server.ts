import { rm, writeFile } from 'node:fs/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { loadDotEnv } from './config/load-env-file.ts';
import { createDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createStdoutLogDestination } from './plugins/log-destination.ts';
import { serializeError } from './plugins/log-serializers.ts';
import { resolveWebRoot, type ServerInfo, serverInfoPath } from './runtime-paths.ts';

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }

  const webRoot = resolveWebRoot(config);
  const logStream = createStdoutLogDestination();
  const app = await buildApp({
    config,
    database,
    logger: { stream: logStream },
    ...(webRoot ? { webRoot } : {}),
  });
  const infoPath = database.kind === 'pglite' ? serverInfoPath(config) : undefined;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A second signal or a hung close must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      // PGlite keeps the event loop alive until closed; closing also flushes it to DATA_DIR.
      await database.close();
      if (infoPath) await rm(infoPath, { force: true });
      logStream.flushSync();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    app.log.fatal({ err: error }, 'could not listen');
    await app.close();
    await database.close();
    process.exit(1);
  }

  if (infoPath) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const info: ServerInfo = { pid: process.pid, port, host: config.host };
    await writeFile(infoPath, `${JSON.stringify(info)}\n`);
  }
  app.log.info(
    {
      database: database.kind,
      web: webRoot ?? 'not built',
      env: config.nodeEnv,
      publicUrl: config.publicUrl,
    },
    'server started',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    // Through the log's serialiser: a failed migration is a database error, which must not print its values.
    console.error('Server failed to start:', serializeError(error));
  }
  process.exit(1);
});
