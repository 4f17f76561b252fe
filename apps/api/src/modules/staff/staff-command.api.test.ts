import { beforeEach, describe, expect, it } from 'vitest';
import { testAppForEachTest } from '../../test/test-app.ts';
import { runStaffCommand, StaffUsageError } from './staff-command.ts';
import {
  auditRows,
  CREATE_FIRST_ADMIN,
  freshBrowser,
  getMe,
  postCode,
  postPassword,
  STAFF_PASSWORD,
} from './test/staff-test-helpers.ts';
import { totpCode } from './totp.ts';

// What `npm run staff` does (cli/staff.ts is a thin wrapper: configuration, the data-dir lock, standard input),
// run in-process on both databases; test/pglite-processes/staff-cli.api.test.ts runs the real command once.

const t = testAppForEachTest();
let printed: string[];
beforeEach(() => {
  printed = [];
});

const run = (argv: string[], options: { stdin?: string; env?: Record<string, string> } = {}) =>
  runStaffCommand({ db: t.database.db, config: t.config }, argv, {
    print: (line) => printed.push(line),
    readStdinLine: async () => options.stdin ?? '',
    env: options.env ?? {},
    now: () => t.clock.now(),
  });

describe('npm run staff', () => {
  it('creates an admin with the password from standard input, printing the secret and URI once; it signs in with them', async () => {
    await run([...CREATE_FIRST_ADMIN, '--password-stdin'], { stdin: STAFF_PASSWORD });
    const output = printed.join('\n');
    expect(output).toMatch(
      /^Created #\d+ first\.admin \(First Admin\) admin, active, factor not enrolled\.$/m,
    );
    expect(output).not.toContain('One-time password');
    expect(output).not.toContain(STAFF_PASSWORD);
    const secret = /secret: ([A-Z2-7]{32})$/m.exec(output)?.[1] as string;
    expect(output).toContain(`otpauth URI: otpauth://totp/`);
    expect(output).toContain(`secret=${secret}`);

    const csrf = await freshBrowser(t.app);
    const half = await postPassword(t.app, csrf, 'first.admin', STAFF_PASSWORD);
    // Not confirmed yet: the sign-in shows the same secret (a QR code to scan), and the first code confirms it.
    expect(half.response.json().data).toMatchObject({ stage: 'enrol', secret });
    const full = await postCode(t.app, half.browser, totpCode(secret, t.clock.now()));
    expect(full.response.statusCode, full.response.body).toBe(200);
    expect((await getMe(t.app, full.browser)).json().data).toMatchObject({
      role: 'admin',
      factor_enrolled: true,
    });

    const [created] = await auditRows(t);
    expect(created).toMatchObject({ actor: 'cli', staffUserId: null, action: 'staff_user.created' });
  });

  it('generates a password when none is given and prints it once', async () => {
    await run(CREATE_FIRST_ADMIN);
    const line = printed.find((entry) => entry.startsWith('One-time password'));
    const password = line?.split(': ')[1] as string;
    expect(password.length).toBeGreaterThanOrEqual(12);
    const csrf = await freshBrowser(t.app);
    expect((await postPassword(t.app, csrf, 'first.admin', password)).response.statusCode).toBe(200);
  });

  it('lists, disables, enables and resets a factor, each audited as the command line', async () => {
    await run(CREATE_FIRST_ADMIN, { env: { STAFF_PASSWORD } });
    await run(
      [
        'create',
        '--username',
        'starter',
        '--name',
        'Starter',
        '--email',
        's@links.example',
        '--role',
        'starter',
      ],
      {
        env: { STAFF_PASSWORD },
      },
    );
    printed = [];
    await run(['list']);
    expect(printed).toEqual([
      expect.stringMatching(/^#\d+ first\.admin \(First Admin\) admin, active/),
      expect.stringMatching(/^#\d+ starter \(Starter\) starter, active/),
    ]);
    await run(['disable', '--username', 'STARTER']);
    await run(['enable', '--username', 'starter']);
    await run(['reset-factor', '--username', 'starter']);
    const actions = (await auditRows(t)).map((row) => [row.actor, row.action]);
    expect(actions).toEqual([
      ['cli', 'staff_user.created'],
      ['cli', 'staff_user.created'],
      ['cli', 'staff_user.disabled'],
      ['cli', 'staff_user.enabled'],
      ['cli', 'staff_user.factor_reset'],
    ]);
    await expect(run(['disable', '--username', 'nobody'])).rejects.toThrow('There is no such staff user.');
  });

  it('explains usage mistakes', async () => {
    for (const argv of [
      [],
      ['fly'],
      ['create', '--username', 'x'],
      [...CREATE_FIRST_ADMIN.slice(0, -1), 'owner'],
      ['disable'],
      ['list', '--all'],
    ]) {
      await expect(run(argv), argv.join(' ')).rejects.toThrow(StaffUsageError);
    }
  });
});
