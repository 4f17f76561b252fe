import { COURSE_IDS } from '@links/shared/constants';
import { OPERATOR_DETAILS } from '@links/shared/test/operator-details';
import {
  EMPTY_OPERATOR_DETAILS,
  EMPTY_OPERATOR_DETAILS_MESSAGES,
} from '@links/shared/test/operator-details-form';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, operators } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/password-hash.ts';
import { apiHeaders, testAppForEachTest, withCsrf } from '../../test/test-app.ts';
import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '../auth/current-operator.ts';
import { addOperator, getUser, login, NEW_PASSWORD, PASSWORD } from '../auth/test/auth-test-helpers.ts';
import { bookingBody } from '../bookings/booking-test-helpers.ts';
import { createOperator } from '../operators/manage-operators.ts';
import { OWN_ACCOUNT_ONLY_MESSAGE } from './account.routes.ts';

const t = testAppForEachTest();

const details = {
  title: 'Mrs',
  email_address: 'desk@fairway-tours.example',
  telephone_country_code: 'GB',
  telephone_number: '01241 853789',
  address_lines: ['12 Links Parade', 'Harbour Quarter'],
  city: 'Carnoustie',
  county: 'Angus',
  post_code: 'DD7 7JE',
  country_code: 'gb',
};

/** The right current password and a good new one. */
const CHANGE = { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };

/** POST /v1/user/{id}/account from a browser (its headers carry the session and the CSRF token). */
function changePassword(headers: Record<string, string>, id: number, payload: object) {
  return t.app.inject({ method: 'POST', url: `/v1/user/${id}/account`, headers, payload });
}

async function signedIn() {
  const operator = await addOperator(t.database.db);
  const { after } = await login(t.app, 'fairway', PASSWORD);
  return { operator, browser: after };
}

/** The account details page as the signed-in browser reads it. */
const readDetails = (browser: { cookie: string }) =>
  t.app.inject({ method: 'GET', url: '/v1/user/details', headers: apiHeaders({ cookie: browser.cookie }) });

/** The account details form saved with `payload`. */
const saveDetails = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/user/details', headers, payload });

describe('GET /v1/user/details', () => {
  it('answers every field, missing values as empty strings', async () => {
    const { browser } = await signedIn();
    const response = await readDetails(browser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        company_name: 'Fairway Golf Tours',
        title: '',
        email_address: 'ops@fairway-tours.example',
        telephone_country_code: '',
        telephone_number: '',
        fax_number: '',
        address_line1: '',
        address_line2: '',
        city: '',
        county: '',
        post_code: '',
        country_code: '',
        signed_in_as: {
          name: 'Fairway Golf Tours',
          username: 'fairway',
          email_address: 'ops@fairway-tours.example',
          administrator: true,
        },
      },
    });
  });

  it('is 401 for visitors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/user/details', headers: apiHeaders() });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /v1/user/details', () => {
  it('updates the details and reads them back; the company name stays as it was', async () => {
    const { browser } = await signedIn();
    const response = await saveDetails(browser.headers, { ...details, company_name: 'Hijacked Ltd' });
    expect(response.statusCode).toBe(200);
    // The details the web's tests are served (the company name as it was), with the second address line sent here.
    const expected = { ...OPERATOR_DETAILS, address_line2: 'Harbour Quarter' };
    expect(response.json()).toEqual({ data: expected });
    const read = await readDetails(browser);
    expect(read.json()).toEqual({ data: expected });
  });

  it('validates every field with the spec messages', async () => {
    const { browser } = await signedIn();
    const empty = await saveDetails(browser.headers, EMPTY_OPERATOR_DETAILS);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual(EMPTY_OPERATOR_DETAILS_MESSAGES);
    const invalid = await saveDetails(browser.headers, {
      ...details,
      email_address: 'not-an-email',
      telephone_country_code: 'US',
    });
    expect(invalid.json().error.fields).toEqual({
      email_address: 'Please enter a valid email address',
      telephone_number: 'Please enter a valid telephone number',
    });
  });

  it('is 401 for visitors', async () => {
    const csrf = await withCsrf(t.app);
    const response = await saveDetails(csrf.headers, details);
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /v1/user/:id/account', () => {
  it('changes the own password: the old one stops working, the new one signs in', async () => {
    const { operator, browser } = await signedIn();
    const response = await changePassword(browser.headers, operator.id, CHANGE);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: {} });
    expect((await login(t.app, 'fairway', PASSWORD)).response.statusCode).toBe(401);
    expect((await login(t.app, 'fairway', NEW_PASSWORD)).response.statusCode).toBe(200);
  });

  it("refuses another operator's id with 403 and leaves that account alone", async () => {
    const { browser } = await signedIn();
    const other = await addOperator(t.database.db, { username: 'links-travel' });
    const response = await changePassword(browser.headers, other.id, CHANGE);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: OWN_ACCOUNT_ONLY_MESSAGE } });
    expect((await login(t.app, 'links-travel', PASSWORD)).response.statusCode).toBe(200);
  });

  it('is 401 for visitors', async () => {
    const operator = await addOperator(t.database.db);
    const csrf = await withCsrf(t.app);
    const response = await changePassword(csrf.headers, operator.id, CHANGE);
    expect(response.statusCode).toBe(401);
  });

  it('validates with the update-password messages', async () => {
    const { operator, browser } = await signedIn();
    const send = (payload: object) => changePassword(browser.headers, operator.id, payload);
    expect((await send({ password: '', password_confirmation: '' })).json().error.fields).toEqual({
      current_password: 'Please enter your current password',
      password: 'Please enter a new password',
      password_confirmation: 'Please confirm the new password',
    });
    expect(
      (
        await send({
          current_password: PASSWORD,
          password: 'weakpassword',
          password_confirmation: 'weakpassword',
        })
      ).json().error.fields,
    ).toEqual({
      password: 'Password does not meet all criteria',
    });
    expect(
      (
        await send({ current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: PASSWORD })
      ).json().error.fields,
    ).toEqual({
      password: 'Please make sure your passwords match',
      password_confirmation: 'Passwords do not match',
    });
    expect(
      (
        await send({
          current_password: PASSWORD,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
  });
});

const mailsTo = async (to: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).map((mail) => ({
    subject: mail.subject,
    text: mail.text,
  }));

describe('account security (issue 24)', () => {
  it('refuses a wrong current password with 422, changes nothing and sends nothing', async () => {
    const { operator, browser } = await signedIn();
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/user/${operator.id}/account`,
      headers: browser.headers,
      payload: {
        current_password: 'Not-the-password-1!',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: 'current_password_incorrect',
      message: 'The current password you entered is incorrect.',
      fields: { current_password: 'The current password you entered is incorrect.' },
    });
    expect((await login(t.app, 'fairway', PASSWORD)).response.statusCode).toBe(200);
    expect(await mailsTo('ops@fairway-tours.example')).toEqual([]);
  });

  it('counts wrong current passwords as failed sign-ins: the sixth guess is throttled even with the right one', async () => {
    const { operator, browser } = await signedIn();
    const change = (current: string) =>
      changePassword(browser.headers, operator.id, { ...CHANGE, current_password: current });
    const guesses = await Promise.all(Array.from({ length: 5 }, (_, i) => change(`Wrong-guess-${i}!A`)));
    expect(guesses.map((guess) => guess.statusCode)).toEqual([422, 422, 422, 422, 422]);
    const throttled = await change(PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.code).toBe('login_throttled');
    // The password never changed.
    const [row] = await t.database.db.select().from(operators).where(eq(operators.id, operator.id));
    expect(await verifyPassword(row!.passwordHash, PASSWORD)).toBe(true);
  });

  it('tells the account address when its password changes', async () => {
    const { operator, browser } = await signedIn();
    const response = await changePassword(browser.headers, operator.id, CHANGE);
    expect(response.statusCode).toBe(200);
    const [notice, ...more] = await mailsTo('ops@fairway-tours.example');
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('Your The Links tour operator password was changed');
    expect(notice!.text).toContain(
      'The password of the Fairway Golf Tours tour operator account was changed on',
    );
    expect(notice!.text).toContain('If you did not make this change, choose a new password now');
    expect(notice!.text).toContain('/forgot-password');
    expect(notice!.text).not.toContain(NEW_PASSWORD);
  });

  it('tells the OLD address when the e-mail address changes, and nobody when it stays', async () => {
    const { browser } = await signedIn();
    const save = (email: string) => saveDetails(browser.headers, { ...details, email_address: email });
    expect((await save('OPS@fairway-tours.example')).statusCode).toBe(200);
    expect(await mailsTo('ops@fairway-tours.example')).toEqual([]);
    expect((await save('desk@fairway-tours.example')).statusCode).toBe(200);
    const [notice, ...more] = await mailsTo('OPS@fairway-tours.example');
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('The e-mail address of your The Links tour operator account was changed');
    expect(notice!.text).toContain('was changed from this address to d***@fairway-tours.example');
    expect(await mailsTo('desk@fairway-tours.example')).toEqual([]);
  });

  it('a one-time password from the command line opens the account but books nothing until the operator chooses their own', async () => {
    const { operator, password, generated } = await createOperator(t.database.db, {
      companyName: 'Links Travel',
      username: 'links-travel',
      email: 'desk@links-travel.example',
    });
    expect(generated).toBe(true);
    const { response, after: browser } = await login(t.app, 'links-travel', password);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.password_change_required).toBe(true);
    expect((await getUser(t.app, browser.cookie)).json().data.password_change_required).toBe(true);

    // Holding tee times is refused, with the way out in the message.
    const hold = await t.app.inject({
      method: 'POST',
      url: '/v1/bookings',
      headers: browser.headers,
      payload: bookingBody([{ id: COURSE_IDS.burnside, slotId: 1 }], [1]),
    });
    expect(hold.statusCode).toBe(403);
    expect(hold.json().error).toEqual({
      code: 'password_change_required',
      message: PASSWORD_CHANGE_REQUIRED_MESSAGE,
    });

    const change = await changePassword(browser.headers, operator.id, {
      ...CHANGE,
      current_password: password,
    });
    expect(change.statusCode).toBe(200);
    expect((await getUser(t.app, browser.cookie)).json().data.password_change_required).toBe(false);
    const [row] = await t.database.db.select().from(operators).where(eq(operators.id, operator.id));
    expect(row!.passwordMustChange).toBe(false);
    // Past the password check now: the same request reaches the booking rules.
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/bookings',
      headers: browser.headers,
      payload: bookingBody([{ id: COURSE_IDS.burnside, slotId: 1 }], [1]),
    });
    expect(again.json().error?.code).not.toBe('password_change_required');
  });

  it("a password given to the command is the caller's own: no change required", async () => {
    await addOperator(t.database.db);
    const { response } = await login(t.app, 'fairway', PASSWORD);
    expect(response.json().data.password_change_required).toBe(false);
  });
});
