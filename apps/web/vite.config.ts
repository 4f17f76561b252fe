import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { prerenderPages } from './build/prerender-pages.ts';
import { treeShakeReactRouter } from './build/tree-shake-react-router.ts';
import { siteConfigDefines } from './src/config/site-config.ts';

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
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'links:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      // dist/server holds the API's server render of the booking page: never sent, so never compressed.
      const serverDir = join(outDir, 'server');
      const files = (await listFiles(outDir)).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith(serverDir),
      );
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
/** `@/x` is `src/x`: imports beyond a feature's own folder are written from the root (tsconfig.json `paths`). */
const rootAlias = { find: /^@\//, replacement: `${join(import.meta.dirname, 'src')}/` };

const productionAliases = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
];

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  root: import.meta.dirname,
  // The prerender's own (SSR) build only needs React: no pages to prerender or compress there.
  plugins: isSsrBuild
    ? [react()]
    : [react(), treeShakeReactRouter(), prerenderPages(import.meta.dirname, mode), precompress()],
  resolve: { alias: command === 'build' ? [rootAlias, ...productionAliases] : [rootAlias] },
  // The site's addresses, resolved and checked once here (src/config/site-config.ts), not in every visitor's browser.
  define: siteConfigDefines(loadEnv(mode, import.meta.dirname, 'VITE_')),
  css: {
    modules: {
      // `local_hash` with one hash per stylesheet (of its path): short names, repeated per file, which gzip well in
      // the JavaScript's class maps and in the page's inlined CSS and markup. (Vite's default adds the line number
      // and hashes the file's content, so every edit renamed its classes.)
      generateScopedName: (name: string, filename: string) =>
        `${name}_${createHash('sha256')
          .update(relative(import.meta.dirname, filename))
          .digest('base64url')
          .slice(0, 5)}`,
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    // Every browser the es2022 target runs on but Safari 16 supports <link rel="modulepreload">; there it is ignored
    // and the modules load when imported, a little later, instead of shipping a polyfill to every visitor.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (React, the router, TanStack Query, the layout and the home route)
        // in one file: `/` needs all of it before it can hydrate, and one file compresses better than several
        // (about 3 KB gzipped) and costs one request. Pages loaded later keep their own chunks.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
        // Six hash characters (36 bits) instead of eight: the entry names every chunk it may preload, so each
        // character is paid about sixty times on `/`.
        chunkFileNames: 'assets/[name]-[hash:6].js',
        // Stylesheets too: the entry names each one a lazy page loads.
        assetFileNames: 'assets/[name]-[hash:6][extname]',
      },
    },
  },
}));
