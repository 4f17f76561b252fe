import { defineConfig } from 'drizzle-kit';

// Paths are relative to the working directory; the root script runs drizzle-kit from the repository root.
const here = new URL('.', import.meta.url).pathname;

export default defineConfig({
  dialect: 'postgresql',
  schema: `${here}src/db/schema/index.ts`,
  out: `${here}migrations`,
  casing: 'snake_case',
});
