import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BOOKING_PAGE_SLOTS } from '@links/shared/booking-page';
import { build, type Plugin, type Rolldown } from 'vite';

// The build's prerendered pages (docs/decisions/007-prerendered-home.md, and 012 for the pages beyond `/`): after
// the client build, src/prerender.tsx is built for Node into a temporary folder (never dist), renders each page
// below as the browser's first render draws it, and each is written into its own copy of index.html with its
// stylesheets inline and its scripts started by a small inline script. The API sends each page for its address
// (apps/api/src/plugins/web-app.ts): `/` gets index.html, `/login` pages/login.html and so on, an unknown address
// pages/404.html, and every other page the empty app-shell.html, which renders on the client.

export type PrerenderedPage = {
  /** The address the router renders it at (with a query when the page reads one). */
  location: string;
  /** Where it is written in dist; pages/<name>.html is sent for `/<name>`, pages/404.html for an unknown address. */
  file: string;
  /** The address the page is for, checked by its start-up script; none for the error page, which any unknown one gets. */
  path?: string;
  /**
   * Query parameters it was rendered with: without one of them the page is drawn afresh rather than hydrated; and,
   * written `!name`, parameters that change its first render: with one of them it is drawn afresh too.
   */
  query?: string[];
  /**
   * Source modules the page renders lazily (its route, and what that route loads lazily): their chunks are
   * preloaded and their stylesheets written into the page, so hydrating it waits for no further round trip.
   */
  lazyModules: string[];
};

const ROUTES = 'src/app/routes';

/**
 * The pages whose first render needs nothing from the API and the browser: they draw what they will show (or, the
 * reset page and the account pages, their loading state: their title and lead, and a spinner where the session
 * check's answer goes) at once. Not here: the booking steps (they show the booking held in the tab), a booking opened
 * by its link (the API renders it: decision 017) and the staff area. A page here draws nothing from the session check
 * (which the header starts once hydrated) before it answers, and is hydrated before it can answer: the start-up
 * script runs the entry only once the route's chunks are in. Otherwise React would draw the page again (error 418).
 */
export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { location: '/', file: 'index.html', path: '/', lazyModules: [] },
  {
    location: '/login',
    file: 'pages/login.html',
    path: '/login',
    lazyModules: [`${ROUTES}/login.tsx`],
  },
  {
    location: '/forgot-password',
    file: 'pages/forgot-password.html',
    path: '/forgot-password',
    lazyModules: [`${ROUTES}/forgot-password.tsx`],
  },
  {
    // The link of a reset e-mail: the page checks it with the API, under its title, which is in the markup.
    location: '/reset?t=token&u=username',
    file: 'pages/reset.html',
    path: '/reset',
    query: ['t', 'u'],
    lazyModules: [`${ROUTES}/reset-password.tsx`],
  },
  {
    location: '/confirmation',
    file: 'pages/confirmation.html',
    path: '/confirmation',
    // A payment that failed on its way back from the card provider (redirect_status=failed) shows its own page.
    query: ['!redirect_status'],
    lazyModules: [`${ROUTES}/confirmation.tsx`, 'src/features/confirmation/components/pin-form.tsx'],
  },
  {
    // The account pages draw their title and lead before the session check (OperatorOnly's loading body). The check
    // starts once the header has been hydrated, and the start-up script runs the entry only when the route's chunks
    // are in, so the route is hydrated before the answer can change what it draws.
    location: '/manage-account',
    file: 'pages/manage-account.html',
    path: '/manage-account',
    lazyModules: [`${ROUTES}/manage-account.tsx`],
  },
  {
    location: '/my-bookings',
    file: 'pages/my-bookings.html',
    path: '/my-bookings',
    lazyModules: [`${ROUTES}/manage-account.tsx`],
  },
  {
    location: '/maintenance',
    file: 'pages/maintenance.html',
    path: '/maintenance',
    lazyModules: [`${ROUTES}/maintenance.tsx`],
  },
  {
    location: '/404',
    file: 'pages/404.html',
    lazyModules: ['src/features/errors/components/error-page.tsx'],
  },
];

const HOME_ROUTE_MODULE = `${ROUTES}/home.tsx`;
const EMPTY_ROOT = '<div id="root"></div>';
/** The page the API answers client-side routes with; keep in sync with apps/api/src/plugins/web-app.ts. */
const APP_SHELL_FILE = 'app-shell.html';

/**
 * The client-rendered pages the shell is sent for, by address (the address itself, or anything under it), with their
 * route modules: SHELL_SCRIPT asks for that page's chunks and stylesheets as the shell arrives, beside the entry,
 * instead of after the entry has run and the router has matched the address. The first of them is a golfer's
 * booking opened from the confirmation e-mail on a phone.
 */
const SHELL_ROUTES: Array<{ path: string; lazyModules: string[] }> = [
  { path: '/confirmation', lazyModules: [`${ROUTES}/confirmation.tsx`] },
  { path: '/contact-details', lazyModules: [`${ROUTES}/contact-details.tsx`] },
  { path: '/payment-details', lazyModules: [`${ROUTES}/payment-details.tsx`] },
  { path: '/staff', lazyModules: [`${ROUTES}/staff.tsx`] },
];

/**
 * The shell's preloads, run in its <head>: the assets of the page at this address (data-routes: path, then its
 * scripts and stylesheets, space-separated, one page per line). A stylesheet is linked as Vite's preload helper
 * would link it, so the helper finds it in the page and does not fetch it again.
 *
 * A booking opened by its e-mailed link (/confirmation/<number>?signature&expires) is also asked of the API here, with
 * the client's headers (data-key: its public API key), beside the page's code instead of after it has run; the page
 * draws its first render from the answer read here and takes the answer itself once (`useConfirmation`,
 * `getConfirmation`, window.__earlyBooking). Once the answer names the first round's course,
 * its picture, the page's largest paint on a phone, is preloaded with the srcset and sizes the page gives it
 * (`courseImageSources`, `CourseCard`), so the page draws it from the cache.
 */
const SHELL_SCRIPT = [
  '(()=>{',
  'const d=document,c=d.currentScript,l=location,p=l.pathname;',
  "for(const line of c.dataset.routes.split('\\n')){",
  "const[path,...assets]=line.split(' ');",
  "if(p!==path&&!p.startsWith(path+'/'))continue;",
  'for(const href of assets){',
  "const l=d.createElement('link');",
  "l.rel=href.endsWith('.css')?'stylesheet':'modulepreload';l.crossOrigin='';l.href=href;d.head.append(l)}",
  'break}',
  "const m=/^\\/confirmation\\/([^/]+)$/.exec(p),q=new URLSearchParams(l.search),s=q.get('signature'),e=q.get('expires');",
  'if(!m||!s||!e)return;',
  'const n=decodeURIComponent(m[1]);',
  "const a=fetch('/v1/bookings/'+encodeURIComponent(n)+'/confirmation?'+new URLSearchParams({signature:s,expires:e}),",
  "{headers:{'X-Api-Key':c.dataset.key,'X-Requested-With':'XMLHttpRequest',Accept:'application/json'},credentials:'same-origin'});",
  'const w=window.__earlyBooking={number:n,signature:s,expires:e,answer:a};',
  'a.then(r=>r.ok&&r.clone().json()).then(b=>{',
  'const k=b&&b.data;if(k){w.data=k;w.at=Date.now()}',
  "const f=k&&k.status!=='cancelled'&&k.status!=='expired'&&k.courses[0];",
  'if(!f)return;',
  "const i=f.image,h=d.createElement('link');h.rel='preload';h.as='image';h.fetchPriority='high';h.href=i;",
  "if(i.endsWith('.webp')&&!i.endsWith('-640.webp')){const x=i.slice(0,-5);",
  "h.imageSrcset=x+'-640.webp 640w, '+x+'-960.webp 960w, '+i+' 1600w';h.imageSizes='(max-width: 767px) 100vw, 220px'}",
  'd.head.append(h)}).catch(()=>{})',
  '})()',
].join('');

/** The app shell with SHELL_SCRIPT, its routes' assets and the client's API key in its head. */
function shellPreloads(
  shell: string,
  bundle: Rolldown.OutputBundle,
  root: string,
  entryGraph: Set<string>,
  apiKey: string,
): string {
  const lines = SHELL_ROUTES.map(({ path, lazyModules }) => {
    const { scripts, stylesheets } = lazyAssets(bundle, root, { location: path, lazyModules }, entryGraph);
    return [path, ...scripts, ...stylesheets.map((file) => `/${file}`)].join(' ');
  });
  return shell.replace(
    '</head>',
    `  <script data-routes="${lines.join('&#10;')}" data-key="${escapeAttribute(apiKey)}">${SHELL_SCRIPT}</script>\n  </head>`,
  );
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

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
 * renders no <head>: these move to the head, minus those the page already has (the hero's preload).
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
 * The hero image is on `/` only (and the booking steps, which request it from their <img> as they render): every
 * other page leaves its preload out, which would be fetched for nothing and reported unused in the console.
 */
function withoutHeroPreload(page: string): string {
  if (!HERO_PRELOAD.test(page))
    throw new Error('prerender: index.html has no hero preload to leave out of the other pages');
  return page.replace(HERO_PRELOAD, '');
}

/** A stylesheet link as Vite writes it into index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

async function styleBlock(outDir: string, file: string): Promise<string> {
  const css = (await readFile(join(outDir, file), 'utf8')).trim();
  if (/<\/style/i.test(css)) throw new Error(`prerender: ${file} contains </style and cannot be inlined`);
  // The link stays, disabled (never fetched nor applied): Vite's preload helper skips a stylesheet whose link is
  // already in the page, so a route loaded later does not fetch and apply the same rules a second time.
  return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
}

/**
 * The stylesheets the page links, and `extra` (those of the chunks it renders lazily), written into it as <style>
 * blocks: on a phone's first visit each linked stylesheet was a render-blocking round trip before first paint
 * (Lighthouse mobile: about 450 ms of five files). The API allows these blocks by their hashes in the pages'
 * Content-Security-Policy (apps/api/src/plugins/web-app.ts).
 */
async function inlineStylesheets(page: string, outDir: string, extra: string[] = []): Promise<string> {
  let inlined = page;
  for (const [link, file] of page.matchAll(STYLESHEET_LINK)) {
    inlined = inlined.replace(link, await styleBlock(outDir, file as string));
  }
  const blocks = await Promise.all(extra.map((file) => styleBlock(outDir, file)));
  return blocks.length > 0 ? inlined.replace('</head>', `  ${blocks.join('')}\n  </head>`) : inlined;
}

/**
 * What starts the app on a prerendered page, run at the end of <body> (its data attributes say what to start and
 * when). A page served at an address other than the one it was rendered for (index.html at /index.html), without a
 * query parameter it was rendered with (data-query "t u") or with one that changes its first render ("!name"), loses
 * its prerender mark, so the app renders afresh rather than hydrate markup that does not match.
 *
 * Once the page has painted (on `/` once the hero image, its one high-priority image and largest paint, has loaded
 * and been painted), it fetches the entry and the page's own chunks (module preloads) and runs the entry once all of
 * them are in, so hydrating the page waits for no round trip for the routes it renders lazily. Such a page paints
 * from its markup, inline styles, fonts and hero image alone, and its scripts only hydrate what is already on
 * screen, so on a slow connection the largest paint gets the bandwidth to itself instead of sharing it with 110 KB
 * of JavaScript (decision 007). A hidden tab paints no frames and a stalled image never loads: the timers start the
 * app regardless. The API allows this exact text by its hash, the same on every page.
 */
const START_SCRIPT = [
  '(()=>{',
  'const d=document,s=d.currentScript,o=s.dataset,q=new URLSearchParams(location.search);',
  "if((o.path&&o.path!==location.pathname)||(o.query||'').split(' ').some(k=>k&&(k[0]==='!'?q.has(k.slice(1)):!q.get(k))))",
  "d.getElementById('root').removeAttribute('data-prerendered-year');",
  'let started=false;',
  'const start=()=>{',
  'if(started)return;started=true;',
  "const loads=[o.entry,...o.preload.split(' ')].filter(Boolean).map(href=>{",
  "const l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;",
  'const loaded=new Promise(r=>{l.onload=l.onerror=r});d.head.append(l);return loaded});',
  "Promise.all(loads).then(()=>{const e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=o.entry;d.head.append(e)})};",
  'const hero=d.querySelector(\'img[fetchpriority="high"]\');',
  'const afterPaint=()=>{requestAnimationFrame(()=>setTimeout(start));setTimeout(start,100)};',
  "if(hero&&!hero.complete){hero.addEventListener('load',afterPaint,{once:true});",
  "hero.addEventListener('error',afterPaint,{once:true});setTimeout(start,3000)}else afterPaint()",
  '})()',
].join('');

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

const attribute = (name: string, value: string | undefined) =>
  value === undefined ? '' : ` data-${name}="${value}"`;

/**
 * Moves the page's entry script and module preloads out of the head into START_SCRIPT's data attributes, with the
 * page's own chunks (`preloads`), so none of them is fetched before the page says when.
 */
function startScripts(page: string, options: PrerenderedPage, preloads: string[]): string {
  const entry = ENTRY_SCRIPT.exec(page)?.[1];
  if (!entry) throw new Error('prerender: index.html has no entry script');
  const modules = [...[...page.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string), ...preloads];
  // data-entry and data-preload first, in this order: bench/lib/js-size.ts reads them.
  const start = `<script data-entry="${entry}" data-preload="${modules.join(' ')}"${attribute('path', options.path)}${attribute(
    'query',
    options.query?.join(' '),
  )}>${START_SCRIPT}</script>`;
  const rest = page.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  if (!rest.includes('</body>')) throw new Error('prerender: index.html has no </body>');
  return rest.replace('</body>', `  ${start}\n  </body>`);
}

/** The chunks and stylesheets of the modules a page renders lazily, beyond what the entry already loads. */
function lazyAssets(
  bundle: Rolldown.OutputBundle,
  root: string,
  page: Pick<PrerenderedPage, 'location' | 'lazyModules'>,
  entryGraph: Set<string>,
): { scripts: string[]; stylesheets: string[] } {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  for (const module of page.lazyModules) {
    const id = join(root, module);
    const chunk =
      chunks.find((candidate) => candidate.facadeModuleId === id) ??
      chunks.find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`prerender: no chunk holds ${module} (page ${page.location})`);
    for (const part of staticGraph(bundle, chunk)) {
      if (entryGraph.has(part.fileName)) continue;
      scripts.add(`/${part.fileName}`);
      for (const css of part.viteMetadata?.importedCss ?? []) stylesheets.add(css);
    }
  }
  return { scripts: [...scripts], stylesheets: [...stylesheets] };
}

/** dist/server: the server build of src/prerender.tsx and the booking page's template, for the API only. */
const SERVER_DIR = 'server';
const SERVER_MODULE = 'prerender.js';
const BOOKING_TEMPLATE_FILE = 'booking.html';
/**
 * The page of a booking opened by its e-mailed link, less what the API renders into it per request (decision 017):
 * the confirmation page's stylesheets inline and its chunks started by START_SCRIPT as on a prerendered page (once
 * the course picture, its largest paint, is in), #root marked for hydration, the booking's JSON block before it.
 */
async function bookingTemplate(
  shell: string,
  bundle: Rolldown.OutputBundle,
  root: string,
  entryGraph: Set<string>,
  outDir: string,
): Promise<string> {
  const page: PrerenderedPage = {
    location: '/confirmation/0',
    file: BOOKING_TEMPLATE_FILE,
    query: ['signature', 'expires'],
    lazyModules: [`${ROUTES}/confirmation.tsx`],
  };
  const { scripts, stylesheets } = lazyAssets(bundle, root, page, entryGraph);
  const html = shell
    .replace('</head>', `  ${BOOKING_PAGE_SLOTS.hints}\n  </head>`)
    .replace(
      EMPTY_ROOT,
      `<div id="root" data-prerendered-year="${BOOKING_PAGE_SLOTS.year}">${BOOKING_PAGE_SLOTS.body}</div>${BOOKING_PAGE_SLOTS.data}`,
    );
  return inlineStylesheets(startScripts(html, page, scripts), outDir, stylesheets);
}

/**
 * Prerenders PRERENDERED_PAGES after the client build (writeBundle, not closeBundle: the pages must be final before
 * the precompress plugin compresses them), and keeps the page Vite wrote, minus the hero's preload and with its
 * stylesheets inline, as dist/app-shell.html: the empty shell the API sends for every other page.
 */
export function prerenderPages(root: string, mode: string): Plugin {
  let outDir = '';
  // The key the client sends (src/config/env.ts reads the same variable, with the same development default).
  let apiKey = '';
  return {
    name: 'links:prerender-pages',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      apiKey = String(config.env.VITE_API_KEY ?? '').trim() || 'dev-web-public-key';
    },
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('prerender: the entry chunk is missing');
      const entryGraph = staticGraph(bundle, entry);
      // The home route is part of the entry (decision 007), so the page hydrates in one pass once the entry has run.
      const homeModule = join(root, HOME_ROUTE_MODULE);
      if (!entryGraph.some((chunk) => chunk.moduleIds.includes(homeModule)))
        throw new Error('prerender: the home route is not part of the entry chunk');
      const inEntry = new Set(entryGraph.map((chunk) => chunk.fileName));

      // Kept in dist/server for the API, which renders a booking opened by its link per request (decision 017); the
      // API never serves that folder.
      const ssrDir = join(outDir, SERVER_DIR);
      await build({
        root,
        mode,
        configFile: join(root, 'vite.config.ts'),
        logLevel: 'warn',
        build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
        // Self-contained: the API loads it from wherever the web build was put (the journeys copy it away from
        // node_modules), so every dependency is bundled in, as the browser's chunks have theirs.
        ssr: { noExternal: true },
      });
      const module = (await import(pathToFileURL(join(ssrDir, SERVER_MODULE)).href)) as {
        prerenderPage: (location: string) => Promise<string>;
      };
      const indexPath = join(outDir, 'index.html');
      const shell = await readFile(indexPath, 'utf8');
      if (!shell.includes(EMPTY_ROOT) || !shell.includes('</head>'))
        throw new Error(`prerender: index.html has no ${EMPTY_ROOT}`);
      const year = new Date().getFullYear();
      for (const page of PRERENDERED_PAGES) {
        const template = page.file === 'index.html' ? shell : withoutHeroPreload(shell);
        const { hints, body } = hoistResourceHints(await module.prerenderPage(page.location), template);
        if (!body.includes('<main')) throw new Error(`prerender: ${page.location} rendered no <main>`);
        const { scripts, stylesheets } = lazyAssets(bundle, root, page, inEntry);
        const html = template
          .replace('</head>', `  ${hints.join('\n    ')}\n  </head>`)
          .replace(EMPTY_ROOT, `<div id="root" data-prerendered-year="${year}">${body}</div>`);
        const target = join(outDir, page.file);
        await mkdir(dirname(target), { recursive: true });
        await writeFile(
          target,
          await inlineStylesheets(startScripts(html, page, scripts), outDir, stylesheets),
        );
      }
      await writeFile(
        join(outDir, APP_SHELL_FILE),
        await inlineStylesheets(
          shellPreloads(withoutHeroPreload(shell), bundle, root, inEntry, apiKey),
          outDir,
        ),
      );
      await writeFile(
        join(ssrDir, BOOKING_TEMPLATE_FILE),
        await bookingTemplate(withoutHeroPreload(shell), bundle, root, inEntry, outDir),
      );
    },
  };
}
