import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The import boundaries of docs/ARCHITECTURE.md are biome rules (biome.json, noRestrictedImports per folder). Each
// case writes a probe file where a real one would stand, lints it with the repository's configuration and reads which
// boundary message (if any) biome gives: a rule that stops firing, or fires on an allowed import, fails here.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);

type Lint = { diagnostics: { category: string; message: string }[] };

async function boundaryMessages(folder: string, source: string, suffix = '.ts'): Promise<string[]> {
  const file = join(root, folder, `boundary-probe-${randomUUID()}${suffix}`);
  await writeFile(file, source);
  try {
    const biome = join(root, 'node_modules', '.bin', 'biome');
    // biome exits non-zero when it finds an error; the report is on stdout either way.
    const { stdout } = await run(biome, ['lint', '--reporter=json', file], { cwd: root }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    const report = JSON.parse(stdout) as Lint;
    return report.diagnostics
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => diagnostic.message);
  } finally {
    await rm(file, { force: true });
  }
}

const probe = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;

describe('API boundaries', () => {
  it('keeps infrastructure free of modules and jobs', async () => {
    expect(await boundaryMessages('apps/api/src/lib', probe('../modules/bookings/save-booking.ts'))).toEqual([
      expect.stringContaining('Infrastructure'),
    ]);
    expect(await boundaryMessages('apps/api/src/plugins', probe('../jobs/scheduler.ts'))).toEqual([
      expect.stringContaining('Infrastructure'),
    ]);
    expect(await boundaryMessages('apps/api/src/lib', probe('./clock.ts'))).toEqual([]);
  });

  it('lets jobs call modules but not the other way round', async () => {
    expect(await boundaryMessages('apps/api/src/modules/bookings', probe('../../jobs/scheduler.ts'))).toEqual(
      [expect.stringContaining('Jobs call modules')],
    );
    expect(await boundaryMessages('apps/api/src/jobs', probe('../modules/bookings/save-booking.ts'))).toEqual(
      [],
    );
    expect(await boundaryMessages('apps/api/src/modules/payment', probe('../../lib/clock.ts'))).toEqual([]);
  });

  it('keeps test support out of product code, and open to tests', async () => {
    const helper = '../bookings/booking-test-helpers.ts';
    expect(await boundaryMessages('apps/api/src/modules/payment', probe(helper))).toEqual([
      expect.stringContaining('Test support is for tests'),
    ]);
    expect(await boundaryMessages('apps/api/src/modules/payment', probe(helper), '.api.test.ts')).toEqual([]);
  });
});

describe('web boundaries', () => {
  it('writes imports beyond a folder from the root', async () => {
    const folder = 'apps/web/src/features/payment/components';
    expect(await boundaryMessages(folder, probe('../../../lib/api-client'), '.tsx')).toEqual([
      expect.stringContaining("import from the root: '@/features/"),
    ]);
    expect(await boundaryMessages(folder, probe('@/lib/api-client'), '.tsx')).toEqual([]);
    expect(await boundaryMessages(folder, probe('../api/record-payment'), '.tsx')).toEqual([]);
  });

  it('keeps the layers: nothing below the features imports them, features never import the routes', async () => {
    expect(
      await boundaryMessages('apps/web/src/components/ui', probe('@/features/auth/api/get-user'), '.tsx'),
    ).toEqual([expect.stringContaining('never import them')]);
    expect(await boundaryMessages('apps/web/src/lib', probe('@/app/router'))).toEqual([
      expect.stringContaining('never import them'),
    ]);
    expect(await boundaryMessages('apps/web/src/features/auth', probe('@/app/router'))).toEqual([
      expect.stringContaining('never imports from app/'),
    ]);
    expect(await boundaryMessages('apps/web/src/features/auth', probe('@/app/router'), '.test.tsx')).toEqual(
      [],
    );
    expect(
      await boundaryMessages('apps/web/src/features/auth', probe('@/components/ui/button'), '.tsx'),
    ).toEqual([]);
  });

  it('keeps test support out of the product', async () => {
    expect(await boundaryMessages('apps/web/src/features/auth', probe('@/test/api-server'))).toEqual([
      expect.stringContaining('Test support is for tests'),
    ]);
  });
});
