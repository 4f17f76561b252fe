import { defineConfig } from 'drizzle-kit';

// Relative to the working directory: the root script (`npm run db:generate`) runs drizzle-kit from the repository
// root, and drizzle-kit prefixes `out` with './', so absolute paths break.
export default defineConfig({
  dialect: 'postgresql',
  schema: 'apps/api/src/db/schema/index.ts',
  out: 'apps/api/migrations',
  casing: 'snake_case',
});
