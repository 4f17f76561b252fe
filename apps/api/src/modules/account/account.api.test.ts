import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiHeaders, createTestApp, type TestApp, withCsrf } from '../../test/test-app.ts';
import { addOperator, login, NEW_PASSWORD, PASSWORD } from '../auth/test/auth-test-helpers.ts';
import { OWN_ACCOUNT_ONLY_MESSAGE } from './account.routes.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

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

async function signedIn() {
  const operator = await addOperator(t.database.db);
  const { after } = await login(t.app, 'fairway', PASSWORD);
  return { operator, browser: after };
}

describe('GET /v1/user/details', () => {
  it('answers every field, missing values as empty strings', async () => {
    const { browser } = await signedIn();
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/user/details',
      headers: apiHeaders({ cookie: browser.cookie }),
    });
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
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/details',
      headers: browser.headers,
      payload: { ...details, company_name: 'Hijacked Ltd' },
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      company_name: 'Fairway Golf Tours',
      title: 'Mrs',
      email_address: 'desk@fairway-tours.example',
      telephone_country_code: 'GB',
      telephone_number: '+441241853789',
      fax_number: '',
      address_line1: '12 Links Parade',
      address_line2: 'Harbour Quarter',
      city: 'Carnoustie',
      county: 'Angus',
      post_code: 'DD7 7JE',
      country_code: 'GB',
    };
    expect(response.json()).toEqual({ data: expected });
    const read = await t.app.inject({
      method: 'GET',
      url: '/v1/user/details',
      headers: apiHeaders({ cookie: browser.cookie }),
    });
    expect(read.json()).toEqual({ data: expected });
  });

  it('validates every field with the spec messages', async () => {
    const { browser } = await signedIn();
    const empty = await t.app.inject({
      method: 'POST',
      url: '/v1/user/details',
      headers: browser.headers,
      payload: {
        email_address: '',
        telephone_number: '',
        address_lines: [''],
        city: '',
        post_code: '',
        country_code: '',
      },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      email_address: 'Please enter an email address',
      telephone_number: 'Please enter a telephone number',
      'address_lines.0': 'Please enter an address',
      city: 'Please enter a city',
      post_code: 'Please enter a postcode',
      country_code: 'Please enter a country',
    });
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/v1/user/details',
      headers: browser.headers,
      payload: { ...details, email_address: 'not-an-email', telephone_country_code: 'US' },
    });
    expect(invalid.json().error.fields).toEqual({
      email_address: 'Please enter a valid email address',
      telephone_number: 'Please enter a valid telephone number',
    });
  });

  it('is 401 for visitors', async () => {
    const csrf = await withCsrf(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/details',
      headers: csrf.headers,
      payload: details,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /v1/user/:id/account', () => {
  it('changes the own password: the old one stops working, the new one signs in', async () => {
    const { operator, browser } = await signedIn();
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/user/${operator.id}/account`,
      headers: browser.headers,
      payload: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: {} });
    expect((await login(t.app, 'fairway', PASSWORD)).response.statusCode).toBe(401);
    expect((await login(t.app, 'fairway', NEW_PASSWORD)).response.statusCode).toBe(200);
  });

  it("refuses another operator's id with 403 and leaves that account alone", async () => {
    const { browser } = await signedIn();
    const other = await addOperator(t.database.db, { username: 'links-travel' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/user/${other.id}/account`,
      headers: browser.headers,
      payload: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: OWN_ACCOUNT_ONLY_MESSAGE } });
    expect((await login(t.app, 'links-travel', PASSWORD)).response.statusCode).toBe(200);
  });

  it('is 401 for visitors', async () => {
    const operator = await addOperator(t.database.db);
    const csrf = await withCsrf(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/user/${operator.id}/account`,
      headers: csrf.headers,
      payload: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });

  it('validates with the update-password messages', async () => {
    const { operator, browser } = await signedIn();
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/user/${operator.id}/account`,
        headers: browser.headers,
        payload,
      });
    expect((await send({ password: '', password_confirmation: '' })).json().error.fields).toEqual({
      password: 'Please enter a new password',
      password_confirmation: 'Please confirm the new password',
    });
    expect(
      (await send({ password: 'weakpassword', password_confirmation: 'weakpassword' })).json().error.fields,
    ).toEqual({
      password: 'Password does not meet all criteria',
    });
    expect(
      (await send({ password: NEW_PASSWORD, password_confirmation: PASSWORD })).json().error.fields,
    ).toEqual({
      password: 'Please make sure your passwords match',
      password_confirmation: 'Passwords do not match',
    });
    expect((await send({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});
