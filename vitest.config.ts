import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { siteConfigDefines } from './apps/web/src/config/site-config.ts';

// The web app's `@/x` is `apps/web/src/x` (its tsconfig.json `paths`, its vite.config.ts alias).
const webRoot = fileURLToPath(new URL('./apps/web/src/', import.meta.url));

// Two projects: fast unit tests beside the code, and the API suite that needs a fresh database per file.
// The API suite runs once per backend: TEST_DB=pglite (default) or TEST_DB=postgres.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: [{ find: /^@\//, replacement: webRoot }] },
        // The web app's build-time configuration (its vite.config.ts defines the same), from this run's VITE_* variables.
        define: siteConfigDefines(process.env),
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/web/build/**/*.test.ts',
            'bench/**/*.test.ts',
            'tools/boundaries/**/*.test.ts',
          ],
          exclude: ['apps/api/src/**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
          setupFiles: ['apps/web/src/test/setup-dom.ts'],
          // CI machines have two cores shared with other stages' servers: time limits are for hangs, not speed.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.api.test.ts'],
          // Separate server processes on one PostgreSQL database: nothing to run on PGlite (a file with no test fails).
          // Server processes on their own PGlite data directories, whatever TEST_DB is: run once, in the PGlite run.
          exclude: [
            ...configDefaults.exclude,
            ...((process.env.TEST_DB ?? 'pglite').toLowerCase() === 'postgres'
              ? ['apps/api/src/test/pglite-processes/**']
              : ['apps/api/src/test/multi-process/**']),
          ],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          setupFiles: ['apps/api/src/test/log-privacy.setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
