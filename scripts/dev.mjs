// `npm run dev`: the API in watch mode on API_PORT (default 3001) and the Vite dev server on 5173, which proxies
// /v1, /csrf and /admin to the API. Migrates and seeds the embedded database first (both are idempotent).
// Open http://localhost:5173. Ctrl+C stops both; if either exits, the other is stopped too.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '3001';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, env = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

/** Starts a long-running child whose output lines are prefixed with its name. */
function start(name, command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  return child;
}

await run(npm, ['run', '--silent', 'db:migrate']);
await run(npm, ['run', '--silent', 'db:seed']);

const children = [
  start('api', process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'apps/api/src/server.ts'], {
    PORT: apiPort,
    // Links in e-mails must open the site people use here (Vite's), not the API's own port.
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  }),
  start('web', npm, ['run', 'dev', '-w', 'apps/web'], { API_PROXY_TARGET: `http://localhost:${apiPort}` }),
];
console.info(`dev: API on http://localhost:${apiPort}, site on http://localhost:5173 (Ctrl+C stops both)`);

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

for (const child of children) child.once('exit', (code) => stopAll(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
