import { COLLEAGUE_MESSAGES, MAX_COLLEAGUES } from '@links/shared/schemas/operator-colleagues';
import { londonDate } from '@links/shared/uk-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, operators } from '../../db/schema/index.ts';
import { NOW } from '../../test/booking-week.ts';
import type { TestApp } from '../../test/test-app.ts';
import { testDbKind } from '../../test/test-database.ts';
import {
  type Browser,
  getUser,
  latestResetToken,
  login,
  NEW_PASSWORD,
  post,
} from '../auth/test/auth-test-helpers.ts';
import { createBookingApp, twoInstancesOnOneDatabase } from '../bookings/booking-test-helpers.ts';
import {
  FAIRWAY,
  holdBurnside,
  LINKS_TRAVEL,
  operatorDetails,
  saveDetails,
  signInDemoOperators,
} from '../contact-details/operator-test-helpers.ts';
import { addStaffUser, sendFrom, staffSessionBrowser } from '../staff/test/staff-test-helpers.ts';
import { seedDemoOperators } from './seed-demo-operators.ts';

// Issue 24, colleagues: a company's administrator invites colleagues by e-mail; each chooses their own password from
// the invitation, signs in on their own and books on the company's terms (its deposit, its bookings list); only the
// administrator invites, removes or changes the company's details; a removed colleague is signed out at once; another
// company's colleagues are out of reach; a company disabled by the resort takes its colleagues with it.

const TODAY = londonDate(NOW);
const ANNA = { name: 'Anna Reid', email_address: 'Anna.Reid@fairway-tours.example' };

let t: TestApp;
let fairway: Browser;
let linksTravel: Browser;

beforeAll(async () => {
  t = await createBookingApp(NOW);
  const signedIn = await signInDemoOperators(t);
  fairway = signedIn.fairway as Browser;
  linksTravel = signedIn.linksTravel as Browser;
});
afterAll(async () => t?.close());

const invite = (browser: Browser, body: object) =>
  sendFrom(t.app, browser, 'POST', '/v1/user/colleagues', body);
const colleaguesOf = (browser: Browser) => sendFrom(t.app, browser, 'GET', '/v1/user/colleagues');

/** The page the invitation's link opens: the colleague chooses NEW_PASSWORD. */
const choosePassword = (link: { username: string; token: string }) =>
  post(t.app, '/v1/reset', {
    username: link.username,
    token: link.token,
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
  });

/** Invites, then follows the invitation e-mail's link as the colleague would, and signs them in. */
async function inviteAndAccept(admin: Browser, person: { name: string; email_address: string }) {
  const invited = await invite(admin, person);
  expect(invited.statusCode, invited.body).toBe(201);
  const link = await latestResetToken(t.database.db);
  expect(link.to).toBe(person.email_address);
  const accepted = await choosePassword(link);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const signedIn = await login(t.app, link.username, NEW_PASSWORD);
  expect(signedIn.response.statusCode, signedIn.response.body).toBe(200);
  return { id: invited.json().data.id as number, username: link.username, browser: signedIn.after };
}

describe('colleagues', () => {
  it('invites a colleague, who chooses a password, signs in and books on the company’s terms', async () => {
    const invited = await invite(fairway, ANNA);
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data).toMatchObject({ name: 'Anna Reid', status: 'invited' });

    const [mail] = (await t.database.db.select().from(mailOutbox)).filter(
      (row) => row.to === ANNA.email_address,
    );
    expect(mail?.subject).toMatch(/invited you to book/);
    expect(mail?.text).toContain('Your username is anna.reid@fairway-tours.example');
    expect(mail?.text).toContain('expires in 7 days');

    // The invitation's password is known to nobody: only the link opens the account.
    const link = await latestResetToken(t.database.db);
    expect(link.username).toBe('anna.reid@fairway-tours.example');
    const reset = await choosePassword(link);
    expect(reset.statusCode, reset.body).toBe(200);
    const anna = (await login(t.app, 'Anna.Reid@fairway-tours.example', NEW_PASSWORD)).after;

    const me = (await getUser(t.app, anna.cookie)).json().data;
    expect(me).toMatchObject({ company_name: 'Fairway Golf Tours', deposit_amount: 50 });
    expect(me.password_change_required).toBe(false);
    const details = (await sendFrom(t.app, anna, 'GET', '/v1/user/details')).json().data;
    expect(details.signed_in_as).toEqual({
      name: 'Anna Reid',
      username: 'anna.reid@fairway-tours.example',
      email_address: ANNA.email_address,
      administrator: false,
    });
    expect(details.email_address).toBe(FAIRWAY.email);
    const list = (await colleaguesOf(fairway)).json().data;
    expect(list).toEqual([expect.objectContaining({ name: 'Anna Reid', status: 'active' })]);

    // Anna books on deposit (Fairway's 50 %): the booking is the company's, in the administrator's list too.
    const held = await holdBurnside(t, anna, TODAY, 70);
    const saved = await saveDetails(t, anna, held.id, operatorDetails('deposit'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.payment_intent.amount).toBe(Math.round(held.payable / 2));
    const fairwayIds = (await t.database.db.select().from(operators)).find(
      (row) => row.username === FAIRWAY.username,
    )?.id;
    const [row] = await t.database.db.select().from(operators).where(eq(operators.username, link.username));
    expect(row?.companyId).toBe(fairwayIds);
  });

  it('lets only the administrator invite, remove or change the company’s details', async () => {
    const ben = await inviteAndAccept(fairway, {
      name: 'Ben Crenshaw',
      email_address: 'ben@fairway-tours.example',
    });
    const refused = [
      await invite(ben.browser, { name: 'Carl', email_address: 'carl@fairway-tours.example' }),
      await colleaguesOf(ben.browser),
      await sendFrom(t.app, ben.browser, 'DELETE', `/v1/user/colleagues/${ben.id}`),
      await sendFrom(t.app, ben.browser, 'POST', '/v1/user/details', {
        title: 'Mr',
        email_address: 'takeover@example.com',
        telephone_country_code: 'GB',
        telephone_number: '01241 853789',
        address_lines: ['1 Links Parade'],
        city: 'Carnoustie',
        county: '',
        post_code: 'DD7 7JE',
        country_code: 'GB',
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.code).toBe('administrator_only');
    }
    const company = (await sendFrom(t.app, fairway, 'GET', '/v1/user/details')).json().data;
    expect(company.email_address).toBe(FAIRWAY.email);
    expect(company.signed_in_as.administrator).toBe(true);

    // The colleague's own password is theirs to change, not the company's.
    const me = (await getUser(t.app, ben.browser.cookie)).json().data;
    expect(me.id).toBe(ben.id);
    const changed = await sendFrom(t.app, ben.browser, 'POST', `/v1/user/${ben.id}/account`, {
      current_password: NEW_PASSWORD,
      password: 'Carnoustie-Burn-88!',
      password_confirmation: 'Carnoustie-Burn-88!',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await login(t.app, FAIRWAY.username, FAIRWAY.password)).response.statusCode).toBe(200);
  });

  it('removes a colleague: signed out at once, unable to sign in, the bookings staying the company’s', async () => {
    const cara = await inviteAndAccept(fairway, {
      name: 'Cara Dunn',
      email_address: 'cara@fairway-tours.example',
    });
    expect((await getUser(t.app, cara.browser.cookie)).json().data).not.toBeNull();

    // Another company cannot see or remove Fairway's colleagues.
    const foreign = await sendFrom(t.app, linksTravel, 'DELETE', `/v1/user/colleagues/${cara.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual({
      code: 'colleague_not_found',
      message: COLLEAGUE_MESSAGES.notFound,
    });
    expect((await colleaguesOf(linksTravel)).json().data).toEqual([]);

    const removed = await sendFrom(t.app, fairway, 'DELETE', `/v1/user/colleagues/${cara.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await getUser(t.app, cara.browser.cookie)).json().data).toBeNull();
    expect((await login(t.app, cara.username, NEW_PASSWORD)).response.statusCode).toBe(401);
    expect((await sendFrom(t.app, fairway, 'DELETE', `/v1/user/colleagues/${cara.id}`)).statusCode).toBe(404);
  });

  it('refuses a taken address, a bad one and a company past the cap, changing nothing', async () => {
    const before = (await t.database.db.select().from(operators)).length;
    const taken = await invite(fairway, { name: 'Impostor', email_address: LINKS_TRAVEL.username });
    expect(taken.statusCode).toBe(400);
    const usernameClash = await invite(linksTravel, ANNA);
    expect(usernameClash.statusCode).toBe(409);
    expect(usernameClash.json().error.fields).toEqual({ email_address: COLLEAGUE_MESSAGES.taken });
    const bad = await invite(fairway, { name: ' ', email_address: 'anna+golf@fairway-tours.example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      name: COLLEAGUE_MESSAGES.name,
      email_address: COLLEAGUE_MESSAGES.emailNotUsername,
    });
    expect((await t.database.db.select().from(operators)).length).toBe(before);

    // Up to the cap, then refused; parallel invitations cannot pass it together.
    const have = (await colleaguesOf(linksTravel)).json().data.length as number;
    const burst = await Promise.all(
      Array.from({ length: MAX_COLLEAGUES - have + 3 }, (_, i) =>
        invite(linksTravel, { name: `Desk ${i}`, email_address: `desk${i}@links-travel.example` }),
      ),
    );
    expect(burst.filter((response) => response.statusCode === 201)).toHaveLength(MAX_COLLEAGUES - have);
    const over = burst.filter((response) => response.statusCode === 422);
    expect(over).toHaveLength(3);
    expect(over[0]?.json().error).toEqual({
      code: 'colleague_limit_reached',
      message: COLLEAGUE_MESSAGES.limit,
    });
    expect((await colleaguesOf(linksTravel)).json().data).toHaveLength(MAX_COLLEAGUES);
  });

  it('signs colleagues out with their company when the resort disables it, and back in with it', async () => {
    const dora = await inviteAndAccept(fairway, {
      name: 'Dora Park',
      email_address: 'dora@fairway-tours.example',
    });
    const staff = await staffSessionBrowser(
      t,
      (await addStaffUser(t, { username: 'ops.admin', role: 'admin' })).id,
      'full',
    );
    const companyId = (await getUser(t.app, fairway.cookie)).json().data.id as number;
    const staffList = (await sendFrom(t.app, staff, 'GET', '/v1/staff/operators')).json().data as {
      username: string;
    }[];
    expect(staffList.map((operator) => operator.username)).not.toContain(dora.username);
    const staffDetail = (await sendFrom(t.app, staff, 'GET', `/v1/staff/operators/${companyId}`)).json().data;
    expect(staffDetail.colleagues).toContainEqual(
      expect.objectContaining({ name: 'Dora Park', email_address: dora.username, status: 'active' }),
    );
    expect((await sendFrom(t.app, staff, 'GET', `/v1/staff/operators/${dora.id}`)).statusCode).toBe(404);

    const disable = await sendFrom(t.app, staff, 'PATCH', `/v1/staff/operators/${companyId}`, {
      status: 'disabled',
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect((await getUser(t.app, dora.browser.cookie)).json().data).toBeNull();
    expect((await login(t.app, dora.username, NEW_PASSWORD)).response.statusCode).toBe(403);

    await sendFrom(t.app, staff, 'PATCH', `/v1/staff/operators/${companyId}`, { status: 'active' });
    expect((await login(t.app, dora.username, NEW_PASSWORD)).response.statusCode).toBe(200);
  });
});

// Two instances on one database need PostgreSQL (PGlite is one process).
if (testDbKind() === 'postgres') {
  describe('the colleague cap over two instances (PostgreSQL)', () => {
    const { apps, databases } = twoInstancesOnOneDatabase('links_colleagues', NOW, 8);

    it('a burst of invitations split over both instances stops at the cap, with one e-mail each', async () => {
      const [one, two] = apps as [NonNullable<(typeof apps)[0]>, NonNullable<(typeof apps)[1]>];
      await seedDemoOperators(databases[0]!.db);
      const signedIn = await login(one, FAIRWAY.username, FAIRWAY.password);
      expect(signedIn.response.statusCode, signedIn.response.body).toBe(200);
      const burst = await Promise.all(
        Array.from({ length: MAX_COLLEAGUES + 6 }, (_, i) =>
          sendFrom(i % 2 === 0 ? one : two, signedIn.after, 'POST', '/v1/user/colleagues', {
            name: `Desk ${i}`,
            email_address: `desk${i}@fairway-tours.example`,
          }),
        ),
      );
      expect(burst.filter((response) => response.statusCode === 201)).toHaveLength(MAX_COLLEAGUES);
      expect(burst.filter((response) => response.statusCode === 422)).toHaveLength(6);
      const db = databases[0]!.db;
      const colleagues = (await db.select().from(operators)).filter((row) => row.companyId !== null);
      expect(colleagues).toHaveLength(MAX_COLLEAGUES);
      const invitations = (await db.select().from(mailOutbox)).filter((row) =>
        /invited you/.test(row.subject),
      );
      expect(invitations).toHaveLength(MAX_COLLEAGUES);
    });
  });
}
