import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { staffUsers } from '../../db/schema/index.ts';
import { testAppForEachTest } from '../../test/test-app.ts';
import { DEMO_STAFF_ADMIN, seedDemoStaff } from './seed-demo-staff.ts';
import { freshBrowser, getMe, postCode, postPassword } from './test/staff-test-helpers.ts';
import { totpCode } from './totp.ts';

const t = testAppForEachTest();

describe('the demo staff admin (development seed)', () => {
  it('is added once, enrolled, and signs in with the password and the secret the README lists', async () => {
    expect(await seedDemoStaff(t.database.db, t.config)).toEqual({ inserted: 1 });
    expect(await seedDemoStaff(t.database.db, t.config)).toEqual({ inserted: 0 });
    expect(await t.database.db.select().from(staffUsers)).toHaveLength(1);

    const readme = await readFile(new URL('../../../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`\`${DEMO_STAFF_ADMIN.password}\``);
    expect(readme).toContain(`\`${DEMO_STAFF_ADMIN.totpSecret}\``);

    const csrf = await freshBrowser(t.app);
    const half = await postPassword(t.app, csrf, DEMO_STAFF_ADMIN.username, DEMO_STAFF_ADMIN.password);
    expect(half.response.json()).toEqual({ data: { stage: 'code' } });
    const full = await postCode(t.app, half.browser, totpCode(DEMO_STAFF_ADMIN.totpSecret, t.clock.now()));
    expect(full.response.statusCode, full.response.body).toBe(200);
    expect((await getMe(t.app, full.browser)).json().data).toMatchObject({
      username: 'admin',
      role: 'admin',
    });
  });
});
