import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { treeShakeReactRouter } from './build/tree-shake-react-router.ts';

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

const HOME_ROUTE_MODULE = '/src/app/routes/home.tsx';
const EMPTY_ROOT = '<div id="root"></div>';
/** The page the API answers client-side routes with; keep in sync with apps/api/src/plugins/web-app.ts. */
const APP_SHELL_FILE = 'app-shell.html';

/** Every chunk reachable from `start` through static imports: what loading it pulls in before it runs. */
function staticGraph(bundle: Rolldown.OutputBundle, start: Rolldown.OutputChunk): Rolldown.OutputChunk[] {
  const seen = new Set<string>();
  const ordered: Rolldown.OutputChunk[] = [];
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
    ordered.push(chunk);
  };
  visit(start);
  return ordered;
}

/**
 * React puts the resource hints it finds while rendering (preloads of eager images) before the markup, as it
 * renders no <head>: these move to the head, minus those index.html already has (the hero's preload).
 */
function hoistResourceHints(markup: string, head: string): { hints: string[]; body: string } {
  const leading = /^(?:<link [^>]*\/>)+/.exec(markup)?.[0] ?? '';
  const hints = (leading.match(/<link [^>]*\/>/g) ?? []).filter((tag) => {
    const target = /(?:imageSrcSet|href)="([^"]+)"/.exec(tag)?.[1];
    return target === undefined || !head.includes(`"${target}"`);
  });
  return { hints, body: markup.slice(leading.length) };
}

const HERO_PRELOAD = /\s*<link\s+rel="preload"\s+as="image"[^>]*>/;

/**
 * The empty shell serves every page but `/`, and most of them (sign-in, confirmation, account) show no hero: there the
 * hero's preload was fetched for nothing and reported unused in the console. The booking steps that show it request
 * it from their <img> (fetchpriority high) as they render.
 */
function withoutHeroPreload(page: string): string {
  if (!HERO_PRELOAD.test(page))
    throw new Error('prerender: index.html has no hero preload to leave out of the shell');
  return page.replace(HERO_PRELOAD, '');
}

/** A stylesheet link as Vite writes it into index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * The stylesheets the page links, written into it as <style> blocks: on a phone's first visit each linked
 * stylesheet was a render-blocking round trip before first paint (Lighthouse mobile: about 450 ms of five files).
 * Each link stays, disabled (never fetched nor applied): Vite's preload helper skips a stylesheet whose link is
 * already in the page, so a route loaded later does not fetch and apply the same rules a second time. The API
 * allows these blocks by their hashes in the page's Content-Security-Policy (apps/api/src/plugins/web-app.ts).
 */
async function inlineStylesheets(page: string, outDir: string): Promise<string> {
  let inlined = page;
  for (const [link, file] of page.matchAll(STYLESHEET_LINK)) {
    const css = (await readFile(join(outDir, file as string), 'utf8')).trim();
    if (/<\/style/i.test(css)) throw new Error(`prerender: ${file} contains </style and cannot be inlined`);
    inlined = inlined.replace(
      link,
      `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`,
    );
  }
  return inlined;
}

/**
 * What starts the app on the prerendered page, run at the end of <body>: once the hero image (the page's one
 * high-priority image, its largest paint) has loaded and been painted, it adds the module preloads and the entry
 * script that index.html would otherwise carry in its head. The page paints from its markup, inline styles, fonts and
 * hero image alone and its scripts only hydrate what is already on screen, so on a slow connection the hero gets the
 * bandwidth to itself instead of sharing it with 110 KB of JavaScript (decision 007). A hidden tab paints no frames
 * and a stalled image never loads: the timers start the app regardless. The API allows this exact text by its hash.
 */
const START_SCRIPT = [
  '(()=>{',
  'const d=document,s=d.currentScript,hero=d.querySelector(\'img[fetchpriority="high"]\');',
  'let started=false;',
  'const start=()=>{',
  'if(started)return;started=true;',
  "for(const href of s.dataset.preload.split(' ')){if(!href)continue;",
  "const l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;d.head.append(l)}",
  "const e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=s.dataset.entry;d.head.append(e)};",
  'const afterPaint=()=>{requestAnimationFrame(()=>setTimeout(start));setTimeout(start,100)};',
  "if(hero&&!hero.complete){hero.addEventListener('load',afterPaint,{once:true});",
  "hero.addEventListener('error',afterPaint,{once:true});setTimeout(start,3000)}else afterPaint()",
  '})()',
].join('');

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Moves the page's entry script and module preloads out of the head into START_SCRIPT's data attributes, so none
 * of them is fetched before the hero image has painted. Only index.html: the empty shell cannot paint without its
 * script.
 */
function startScriptsAfterHero(page: string): string {
  const entry = ENTRY_SCRIPT.exec(page)?.[1];
  if (!entry) throw new Error('prerender: index.html has no entry script');
  const preloads = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const start = `<script data-entry="${entry}" data-preload="${preloads.join(' ')}">${START_SCRIPT}</script>`;
  const rest = page.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  if (!rest.includes('</body>')) throw new Error('prerender: index.html has no </body>');
  return rest.replace('</body>', `  ${start}\n  </body>`);
}

/**
 * Prerenders `/` (decision 007): after the client build, builds src/prerender.tsx for Node into a temporary
 * folder (never dist: nothing of it is shipped), renders the home page and writes it into #root of
 * dist/index.html, with its scripts and the home route's chunks started once the hero has painted
 * (startScriptsAfterHero) and every stylesheet it needs written into it (inlineStylesheets), so the page is styled
 * at first paint and hydration needs no second round trip. The untouched page is kept as dist/app-shell.html, the
 * empty shell the API sends for every other path.
 */
function prerenderHome(root: string, mode: string): Plugin {
  let outDir = '';
  return {
    name: 'links:prerender-home',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // writeBundle, not closeBundle: the pages must be final before precompress (closeBundle) compresses them.
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('prerender: the entry chunk is missing');
      // The home route is part of the entry (decision 007), so the page hydrates in one pass once the entry has run.
      const homeModule = join(root, HOME_ROUTE_MODULE);
      if (!staticGraph(bundle, entry).some((chunk) => chunk.moduleIds.includes(homeModule)))
        throw new Error('prerender: the home route is not part of the entry chunk');

      // Inside the app so Node resolves the externalised dependencies from node_modules; .cache is git-ignored.
      await mkdir(join(root, '.cache'), { recursive: true });
      const ssrDir = await mkdtemp(join(root, '.cache', 'prerender-'));
      try {
        await build({
          root,
          mode,
          configFile: join(root, 'vite.config.ts'),
          logLevel: 'warn',
          build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
        });
        const module = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as {
          prerenderHome: () => Promise<string>;
        };
        const indexPath = join(outDir, 'index.html');
        const shell = await readFile(indexPath, 'utf8');
        if (!shell.includes(EMPTY_ROOT) || !shell.includes('</head>'))
          throw new Error(`prerender: index.html has no ${EMPTY_ROOT}`);
        const { hints, body } = hoistResourceHints(await module.prerenderHome(), shell);
        if (!body.includes('<main')) throw new Error('prerender: the home page rendered no <main>');
        const page = shell
          .replace('</head>', `  ${hints.join('\n    ')}\n  </head>`)
          .replace(
            EMPTY_ROOT,
            `<div id="root" data-prerendered-year="${new Date().getFullYear()}">${body}</div>`,
          );
        await writeFile(join(outDir, APP_SHELL_FILE), withoutHeroPreload(shell));
        await writeFile(indexPath, await inlineStylesheets(startScriptsAfterHero(page), outDir));
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
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
    : [react(), treeShakeReactRouter(), prerenderHome(import.meta.dirname, mode), precompress()],
  resolve: { alias: command === 'build' ? [rootAlias, ...productionAliases] : [rootAlias] },
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
      },
    },
  },
}));
