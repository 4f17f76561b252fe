import { existsSync } from 'node:fs';
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
