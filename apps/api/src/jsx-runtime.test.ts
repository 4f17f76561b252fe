import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// tsx takes the tsconfig.json of the directory it starts in, not the file's: `npm run dev` and the CLIs start at the
// repository root, and the multi-process tests in a temporary directory, where no tsconfig asks for the automatic
// JSX runtime. So each of the API's .tsx files asks for it itself, as esbuild and vitest read it too.
const PRAGMA = '/** @jsxRuntime automatic */';

describe("the API's .tsx files", () => {
  it('each open with the automatic JSX runtime pragma', () => {
    const src = fileURLToPath(new URL('.', import.meta.url));
    const files = globSync('**/*.tsx', { cwd: src });
    expect(files.length).toBeGreaterThan(0);
    const missing = files.filter((file) => !readFileSync(`${src}/${file}`, 'utf8').startsWith(PRAGMA));
    expect(missing).toEqual([]);
  });
});
