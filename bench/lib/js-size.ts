import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export type JsSize = {
  /**
   * Gzipped bytes of the JavaScript the browser loads before `/` is interactive: the entry (which holds the home
   * route), its static imports and whatever the page preloads.
   */
  homeGzipBytes: number;
  homeFiles: string[];
  /** Gzipped bytes of every JavaScript file in the build, lazy routes included. */
  totalGzipBytes: number;
  totalFiles: number;
};

// Level 9 matches the .gz copies the web build writes next to each asset, which is what the server sends.
const gzipSize = (content: Buffer): number => gzipSync(content, { level: 9 }).length;

async function listJs(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = join(dir, entry.name);
      // dist/server is the API's (the booking page's server render), never sent to a browser.
      if (entry.isDirectory()) return entry.name === 'server' ? Promise.resolve([]) : listJs(full);
      return Promise.resolve(entry.name.endsWith('.js') ? [full] : []);
    }),
  );
  return nested.flat();
}

// Static imports and re-exports in bundler output: `import{a as b}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`.
// Dynamic `import("./x.js")` is excluded on purpose: those chunks load later, not before the first render.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["']([^"']+\.js)["']/g;

/**
 * index.html's module scripts and modulepreload links; on the prerendered `/`, the entry and the module preloads
 * (the home chunks too) that its start-up script adds once the hero has painted (its data-entry and data-preload).
 */
function htmlEntries(html: string): { scripts: string[]; preloads: string[] } {
  const scripts: string[] = [];
  const preloads: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g)) {
    if (match[1]) scripts.push(match[1]);
  }
  for (const match of html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g)) {
    if (match[1]) preloads.push(match[1]);
  }
  for (const match of html.matchAll(/<script\b[^>]*\bdata-entry="([^"]+)"[^>]*\bdata-preload="([^"]*)"/g)) {
    if (match[1]) scripts.push(match[1]);
    preloads.push(...(match[2] ?? '').split(' ').filter(Boolean));
  }
  return { scripts, preloads };
}

/** Sizes the JavaScript of a Vite build in `distDir`, following static imports from index.html's module scripts. */
export async function measureJsSize(distDir: string): Promise<JsSize> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath))
    throw new Error(`${indexPath} is missing: build the web app first (npm run build)`);
  const html = await readFile(indexPath, 'utf8');
  const local = (src: string) => !/^[a-z]+:\/\//i.test(src);
  const toFile = (src: string) => posix.normalize(src.replace(/^\//, ''));
  const { scripts, preloads } = htmlEntries(html);
  const entries = scripts.filter(local);
  if (entries.length === 0) throw new Error(`${indexPath} has no module script`);

  const seen = new Set<string>();
  let homeGzipBytes = 0;
  const follow = async (roots: string[]) => {
    const queue = [...roots];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const content = await readFile(join(distDir, file));
      homeGzipBytes += gzipSize(content);
      for (const match of content.toString('utf8').matchAll(STATIC_IMPORT)) {
        const specifier = match[1];
        if (!specifier?.startsWith('.')) continue;
        queue.push(posix.normalize(posix.join(posix.dirname(file), specifier)));
      }
    }
  };
  // The home route is part of the entry (apps/web/src/app/router.tsx imports it statically; the build checks it).
  await follow([...entries, ...preloads.filter(local)].map(toFile));

  const all = await listJs(distDir);
  let totalGzipBytes = 0;
  for (const file of all) totalGzipBytes += gzipSize(await readFile(file));

  return {
    homeGzipBytes,
    homeFiles: [...seen],
    totalGzipBytes,
    totalFiles: all.length,
  };
}
