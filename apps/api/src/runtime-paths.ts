import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from './config/env.ts';

/**
 * The built web app, served by the API process. apps/web/dist is two levels above both src/server.ts (tsx) and
 * dist/server.js (bundle). Returns undefined when there is no build (API-only development with Vite's dev server).
 */
export function resolveWebRoot(config: Pick<AppConfig, 'webDistDir'>): string | undefined {
  const root = config.webDistDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  return existsSync(join(root, 'index.html')) ? root : undefined;
}

/** Written by a PGlite server so the maintenance CLI can reach it (PGlite allows one process per data dir). */
export function serverInfoPath(config: Pick<AppConfig, 'dataDir'>): string {
  return join(config.dataDir, 'server.json');
}

export type ServerInfo = { pid: number; port: number; host: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live PGlite server that owns this data directory, if any (the CLIs must not open it beside the server). */
export async function serverOwningDataDir(
  config: Pick<AppConfig, 'dataDir'>,
): Promise<ServerInfo | undefined> {
  const path = serverInfoPath(config);
  let info: ServerInfo;
  try {
    info = JSON.parse(await readFile(path, 'utf8')) as ServerInfo;
  } catch {
    return undefined;
  }
  if (isAlive(info.pid)) return info;
  // Left behind by a server that was killed: the data directory is free again.
  await rm(path, { force: true });
  return undefined;
}
