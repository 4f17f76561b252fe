import { describe, expect, it } from 'vitest';
import { CREATE_FIRST_ADMIN, STAFF_PASSWORD } from '../../modules/staff/test/staff-test-helpers.ts';
import { cleanupSteps } from '../cleanup-steps.ts';
import { migratedDataDir } from '../migrated-data-dir.ts';
import { runCli, spawnCli } from '../multi-process/api-process.ts';

// `npm run staff` as the resort runs it for its first admin: its own process, the PGlite data directory's lock,
// the password on standard input. What each command does is tested in-process (modules/staff/staff-command.api.test.ts).

const cleanup = cleanupSteps('the file');

describe('npm run staff (process)', () => {
  it('creates the first admin with --password-stdin and lists it; a usage mistake exits 2', async () => {
    const { root, dataDir } = await migratedDataDir('links-staff-cli-', cleanup);
    const env = { NODE_ENV: 'development', DATA_DIR: dataDir };
    const create = spawnCli('staff', [...CREATE_FIRST_ADMIN, '--password-stdin'], { cwd: root, env });
    create.child.stdin?.end(`${STAFF_PASSWORD}\n`);
    const created = await create.done;
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/secret: [A-Z2-7]{32}/);
    expect(created.stdout).toContain('otpauth URI: otpauth://totp/');
    expect(created.stdout).not.toContain(STAFF_PASSWORD);

    const listed = await runCli('staff', ['list'], { cwd: root, env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/first\.admin \(First Admin\) admin, active, factor not enrolled/);

    const mistake = await runCli('staff', ['create', '--username', 'x'], { cwd: root, env });
    expect(mistake.code).toBe(2);
    expect(mistake.stderr).toContain('Usage: npm run staff');
  }, 300_000);
});
