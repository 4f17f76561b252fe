import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
// Below about 1 KB the compressed copy plus headers saves nothing worth a file.
const MIN_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/**
 * Writes .gz and .br siblings of every text asset after the build so the API server can send them
 * without compressing on each request (it picks the copy matching Accept-Encoding).
 */
function precompress(outDir: string): Plugin {
  return {
    name: 'links:precompress',
    apply: 'build',
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const source = await readFile(file);
          const [gz, br] = await Promise.all([
            gzipAsync(source, { level: 9 }),
            brotliAsync(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3001';
const proxy = Object.fromEntries(
  ['/v1', '/csrf', '/admin'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
);
const outDir = join(import.meta.dirname, 'dist');

// react-router 7 publishes its development build (extra checks and warnings) under every export
// condition; its framework plugin swaps in dist/production, so library mode does the same for builds.
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router')),
  '..',
  'production',
);
const productionAliases = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  plugins: [react(), precompress(outDir)],
  resolve: { alias: command === 'build' ? productionAliases : [] },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
  },
}));
