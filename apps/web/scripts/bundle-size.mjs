// Gzipped JavaScript needed to render `/` (entry, its static imports, the home route chunk and its
// static imports) and in total, from apps/web/dist. Usage: node apps/web/scripts/bundle-size.mjs
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const assets = join(dist, 'assets');
const html = await readFile(join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+)"/)?.[1];
if (!entry) throw new Error('No module entry in dist/index.html');

const gzipSize = async (file) => gzipSync(await readFile(join(assets, file)), { level: 9 }).length;
const staticImports = async (file) => {
  const code = await readFile(join(assets, file), 'utf8');
  // Static imports only (`import ... from "./x.js"` or `import "./x.js"`), not `import("./x.js")`.
  return [...code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
};
const closure = async (roots) => {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(await staticImports(file)));
  }
  return seen;
};

const files = (await readdir(assets)).filter((f) => f.endsWith('.js'));
const home = files.find((f) => /^home-[\w-]+\.js$/.test(f));
const forHome = await closure([entry, ...(home ? [home] : [])]);
const sum = async (list) => (await Promise.all([...list].map(gzipSize))).reduce((a, b) => a + b, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

console.info(`JS for / (gzip): ${kb(await sum(forHome))} in ${forHome.size} files`);
for (const file of forHome) console.info(`  ${file}: ${kb(await gzipSize(file))}`);
console.info(`All JS (gzip): ${kb(await sum(files))} in ${files.length} files`);
