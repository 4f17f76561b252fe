import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME, markShakable, REACT_ROUTER_CHUNK } from './tree-shake-react-router.ts';

// The contract with the installed React Router: its production build still has the shapes the plugin rewrites. An
// upgrade that changes them fails here, not silently in the bench's JavaScript budget.

async function productionChunks(): Promise<Array<{ path: string; code: string }>> {
  const dist = join(dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');
  const names = (await readdir(dist)).filter((name) => REACT_ROUTER_CHUNK.test(join(dist, name)));
  return Promise.all(
    names.map(async (name) => ({ path: name, code: await readFile(join(dist, name), 'utf8') })),
  );
}

describe('the React Router tree-shaking adapter', () => {
  it("finds the installed build's chunks, its components' display names and unmarked factories", async () => {
    const chunks = await productionChunks();
    expect(chunks.length, 'production .mjs chunks').toBeGreaterThan(0);
    const all = chunks.map((chunk) => chunk.code).join('\n');
    expect(all).toMatch(/\bForm\.displayName = "Form";/);
    expect(all.match(DISPLAY_NAME)?.length ?? 0).toBeGreaterThanOrEqual(5);
    const { code, marked } = markShakable(all);
    expect(marked, 'component factories marked pure').toBeGreaterThanOrEqual(5);
    // Every factory is marked and every display name gone: nothing the bundler must keep for them remains.
    expect(code).not.toMatch(/= React\d*\.(forwardRef|createContext)\(/);
    expect(code).not.toMatch(DISPLAY_NAME);
    // Lines are kept (a removed display name leaves an empty line), so source positions stay right.
    expect(code.split('\n')).toHaveLength(all.split('\n').length);
  });
});
