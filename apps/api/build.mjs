// Bundles the server and the CLIs into dist/ (ESM, Node 20). Packages from node_modules stay external and are
// loaded at run time; the workspace package @links/shared ships TypeScript source, so it is bundled in.
// dist/ sits beside migrations/, so the migration runner finds ../migrations from the bundle.
import { readdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const cliEntries = (await readdir(`${here}/src/cli`))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => `src/cli/${name}`);

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    // Bare specifiers (not ./, ../ or absolute) are packages; everything but the workspace source package stays external.
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@links/shared' || args.path.startsWith('@links/shared/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await rm(`${here}/dist`, { recursive: true, force: true });
const result = await build({
  absWorkingDir: here,
  entryPoints: ['src/server.ts', ...cliEntries],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  outExtension: { '.js': '.js' },
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});
const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
console.info(`api build: ${outputs.join(', ')}`);
