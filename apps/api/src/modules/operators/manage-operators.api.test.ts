import { meetsPasswordCriteria } from '@links/shared';
import { describe, expect, it } from 'vitest';
import { operators } from '../../db/schema/index.ts';
import { testAppForEachTest } from '../../test/test-app.ts';
import { getUser, login } from '../auth/test/auth-test-helpers.ts';
import {
  createOperator,
  disableOperator,
  enableOperator,
  listOperators,
  setOperatorDeposit,
} from './manage-operators.ts';
import { DEMO_OPERATORS, seedDemoOperators } from './seed-demo-operators.ts';

const t = testAppForEachTest();

describe('operator administration (the functions behind npm run operator)', () => {
  it('creates with a generated one-time password that signs in; only an argon2id hash is stored', async () => {
    const created = await createOperator(t.database.db, {
      companyName: 'Fairway Golf Tours',
      username: 'Fairway',
      email: 'ops@fairway-tours.example',
    });
    expect(created.generated).toBe(true);
    expect(meetsPasswordCriteria(created.password, 10)).toBe(true);
    expect(created.operator).toMatchObject({ username: 'Fairway', depositAmount: 50, status: 'active' });
    const [row] = await t.database.db.select().from(operators);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(created.password);
    expect((await login(t.app, 'fairway', created.password)).response.statusCode).toBe(200);
  });

  it('refuses duplicate usernames whatever their case, weak passwords and bad deposits', async () => {
    const base = { companyName: 'A', username: 'fairway', email: 'a@b.example' };
    await createOperator(t.database.db, base);
    await expect(createOperator(t.database.db, { ...base, username: 'FAIRWAY' })).rejects.toMatchObject({
      code: 'username_taken',
      status: 409,
    });
    await expect(
      createOperator(t.database.db, { ...base, username: 'other', password: 'weakpassword' }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      createOperator(t.database.db, { ...base, username: 'other', depositAmount: 101 }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(createOperator(t.database.db, { ...base, username: 'has space' })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('lists, sets the deposit, disables (signing out) and enables', async () => {
    const { password } = await createOperator(t.database.db, {
      companyName: 'Fairway Golf Tours',
      username: 'fairway',
      email: 'ops@fairway-tours.example',
      depositAmount: 30,
    });
    await createOperator(t.database.db, {
      companyName: 'Links Travel',
      username: 'links',
      email: 'l@t.example',
    });
    expect((await listOperators(t.database.db)).map((o) => [o.username, o.depositAmount, o.status])).toEqual([
      ['fairway', 30, 'active'],
      ['links', 50, 'active'],
    ]);

    await setOperatorDeposit(t.database.db, 'FAIRWAY', 0);
    const { after } = await login(t.app, 'fairway', password);
    expect((await getUser(t.app, after.cookie)).json().data.deposit_amount).toBe(0);
    await expect(setOperatorDeposit(t.database.db, 'fairway', -1)).rejects.toMatchObject({ status: 400 });
    await expect(setOperatorDeposit(t.database.db, 'nobody', 10)).rejects.toMatchObject({ status: 404 });

    await disableOperator(t.database.db, 'fairway');
    expect((await getUser(t.app, after.cookie)).json().data).toBeNull();
    expect((await listOperators(t.database.db))[0]?.status).toBe('disabled');
    expect((await login(t.app, 'fairway', password)).response.statusCode).toBe(403);

    await enableOperator(t.database.db, 'fairway');
    expect((await login(t.app, 'fairway', password)).response.statusCode).toBe(200);
  });

  it('seeds the demo operators once, with working credentials', async () => {
    expect(await seedDemoOperators(t.database.db)).toEqual({ inserted: DEMO_OPERATORS.length });
    expect(await seedDemoOperators(t.database.db)).toEqual({ inserted: 0 });
    for (const demo of DEMO_OPERATORS) {
      const { response } = await login(t.app, demo.username, demo.password);
      expect(response.statusCode, demo.username).toBe(200);
      expect(response.json().data).toMatchObject({
        company_name: demo.companyName,
        deposit_amount: demo.depositAmount,
      });
    }
  });
});
