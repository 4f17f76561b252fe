import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { loadDotEnv } from './config/load-env-file.ts';
import { createDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { createStdoutLogDestination } from './plugins/log-destination.ts';
import { serializeError } from './plugins/log-serializers.ts';
import { resolveWebRoot } from './runtime-paths.ts';

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = await createDatabase(config, 'the server');
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

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A second signal or a hung close must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      // PGlite keeps the event loop alive until closed; closing also flushes it to DATA_DIR and gives it up.
      await database.close();
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

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // `npm run maintenance` finds a PGlite server, and where to ask it, in DATA_DIR's lock file.
  await database.dataDirLock?.update({ port, host: config.host });
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
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    // Through the log's serialiser: a failed migration is a database error, which must not print its values.
    console.error('Server failed to start:', serializeError(error));
  }
  process.exit(1);
});
