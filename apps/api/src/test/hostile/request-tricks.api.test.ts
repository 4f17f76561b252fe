import { COURSE_IDS } from '@links/shared/constants';
import { positiveWholeNumberMessage, realDateMessage, realMonthMessage } from '@links/shared/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT_MESSAGES } from '../../lib/storable-text.ts';
import { bookingBody, createBookingApp, type Session } from '../../modules/bookings/booking-test-helpers.ts';
import { CONTACT_DETAILS } from '../../modules/confirmation/confirmation-test-helpers.ts';
import { slotIdAt } from '../../modules/tee-sheet/tee-sheet-test-data.ts';
import { NOW, THURSDAY } from '../booking-week.ts';
import { apiHeaders, type TestApp, withCsrf } from '../test-app.ts';
import { databaseSnapshot, deeplyNested, errorEnvelope } from './hostile-helpers.ts';

// Hostile requests against the real routes (issue 8, point 1): content-type tricks, hostile bodies, impossible
// dates and numbers, CSRF and cross-site posts. Each answer is a 4xx error envelope with a clear message, never a
// 500, and the database is exactly as it was. The guards themselves are also tested on a stand-in route in
// plugins/request-guards.api.test.ts; these tests hold the production routes to the same promises.

let t: TestApp;
let session: Session;
let validBody: ReturnType<typeof bookingBody>;
let before: Record<string, string>;

beforeAll(async () => {
  t = await createBookingApp(NOW);
  session = await withCsrf(t.app);
  const slotId = await slotIdAt(t.database.db, COURSE_IDS.burnside, THURSDAY, '10:00');
  validBody = bookingBody([{ id: COURSE_IDS.burnside, slotId }], [1, 1]);
});
afterAll(async () => t?.close());

beforeEach(async () => {
  before = await databaseSnapshot(t.database);
});

async function expectNothingChanged() {
  expect(await databaseSnapshot(t.database)).toEqual(before);
}

/** Refused with `status` and exactly `error`, and nothing stored. */
async function expectRefused(
  response: { statusCode: number; body: string },
  status: number,
  error: { code: string; message: string },
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorEnvelope(response.body)).toEqual(error);
  await expectNothingChanged();
}

function post(url: string, headers: Record<string, string>, payload: string) {
  return t.app.inject({ method: 'POST', url, headers, payload });
}

/** The valid booking, sent with exactly these headers. */
function postValidBooking(headers: Record<string, string>) {
  return post('/v1/bookings', headers, JSON.stringify(validBody));
}

/** A GET as the web client sends one (API key and requested-with header). */
function get(url: string) {
  return t.app.inject({ method: 'GET', url, headers: apiHeaders() });
}

describe('content-type tricks on POST /v1/bookings', () => {
  it.each([
    ['text/plain (a cross-site form can send it without a preflight)', 'text/plain'],
    ['text/plain; charset=utf-8', 'text/plain; charset=utf-8'],
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
    ['multipart/form-data', 'multipart/form-data; boundary=----x'],
    ['application/jsonp', 'application/jsonp'],
    ['application/json-patch+json', 'application/json-patch+json'],
    ['a JSON type with a foreign charset', 'application/json; charset=utf-16'],
  ])('refuses a valid booking sent as %s with 415', async (_label, contentType) => {
    const response = await postValidBooking({ ...session.headers, 'content-type': contentType });
    await expectRefused(response, 415, {
      code: 'unsupported_media_type',
      message: 'The request body must be JSON (Content-Type: application/json).',
    });
  });

  it('refuses a valid booking with no Content-Type at all with 415', async () => {
    const { 'content-type': _omit, ...headers } = session.headers;
    const response = await postValidBooking(headers);
    expect(response.statusCode, response.body).toBe(415);
    expect(errorEnvelope(response.body).code).toBe('unsupported_media_type');
    await expectNothingChanged();
  });

  // Spellings of JSON that HTTP allows (case-insensitive type, optional whitespace before ';', utf-8 charset):
  // each is parsed as JSON, which the schema error on a deliberately incomplete body proves without booking.
  it.each([
    'application/json ;',
    'application/json ; charset=utf-8',
    'Application/JSON',
    'APPLICATION/JSON; CHARSET=UTF-8',
    'application/json; charset=utf-8',
  ])('parses %s as JSON', async (contentType) => {
    const response = await post(
      '/v1/bookings',
      { ...session.headers, 'content-type': contentType },
      JSON.stringify({ ...validBody, golfers: [] }),
    );
    expect(response.statusCode, response.body).toBe(400);
    const error = errorEnvelope(response.body);
    expect(error.code).toBe('validation_failed');
    expect(Object.values(error.fields ?? {})).toContain('Please add between 1 and 4 golfers.');
    await expectNothingChanged();
  });
});

describe('hostile bodies on POST /v1/bookings', () => {
  it('answers a body nested 10,000 levels deep with a 400 envelope, not a stack overflow', async () => {
    const response = await post('/v1/bookings', session.headers, deeplyNested(10_000));
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(errorEnvelope(response.body).message).toMatch(/not valid/);
    await expectNothingChanged();
  });

  it('answers nesting inside a field (notes, golfers) with a 400 naming the field', async () => {
    const payload = JSON.stringify(validBody).replace('"notes":""', `"notes":${deeplyNested(5_000)}`);
    const response = await post('/v1/bookings', session.headers, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorEnvelope(response.body).fields ?? {})).toEqual(['notes']);
    await expectNothingChanged();
  });

  it.each([
    ['__proto__ at the top', (body: string) => body.replace('{', '{"__proto__":{"isAdmin":true},')],
    [
      '__proto__ in a golfer',
      (body: string) => body.replace('{"id":1,', '{"__proto__":{"polluted":1},"id":1,'),
    ],
    [
      'constructor.prototype in a course',
      (body: string) => body.replace('"caddies":0', '"caddies":0,"constructor":{"prototype":{"polluted":1}}'),
    ],
  ])('refuses a booking carrying %s as invalid JSON, polluting nothing', async (_label, tamper) => {
    const response = await post('/v1/bookings', session.headers, tamper(JSON.stringify(validBody)));
    await expectRefused(response, 400, {
      code: 'invalid_json',
      message: 'The request body is not valid JSON.',
    });
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.prototype).not.toHaveProperty('isAdmin');
    await expectNothingChanged();
  });

  it('answers a body over the limit with 413 before reading it all', async () => {
    const payload = JSON.stringify({ ...validBody, notes: 'x'.repeat(200 * 1024) });
    const response = await post('/v1/bookings', session.headers, payload);
    expect(response.statusCode).toBe(413);
    expect(errorEnvelope(response.body)).toEqual({
      code: 'payload_too_large',
      message: 'The request body is too large.',
    });
  });

  it.each([
    ['an empty body', ''],
    ['JSON null', 'null'],
    ['a bare string', '"booking"'],
    ['an array', '[]'],
    ['truncated JSON', '{"courses":['],
  ])('answers %s with a 400 envelope', async (_label, payload) => {
    const response = await post('/v1/bookings', session.headers, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorEnvelope(response.body).message.length).toBeGreaterThan(10);
    await expectNothingChanged();
  });

  // JSON over HTTP is UTF-8 without a byte-order mark (RFC 8259 section 8.1). A parser that skipped it would read a
  // different body than a proxy or log that did not, so a BOM is refused, even before an otherwise valid booking.
  it('refuses a byte-order mark before an otherwise valid booking with a 400 saying so', async () => {
    const response = await post('/v1/bookings', session.headers, `\uFEFF${JSON.stringify(validBody)}`);
    await expectRefused(response, 400, {
      code: 'invalid_json',
      message: 'The request body is not valid JSON: it starts with a byte-order mark.',
    });
  });

  it('refuses notes over 2,000 characters with a message naming the field', async () => {
    const response = await post(
      '/v1/bookings',
      session.headers,
      JSON.stringify({ ...validBody, notes: 'é'.repeat(2_001) }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorEnvelope(response.body).fields ?? {})).toEqual(['notes']);
    await expectNothingChanged();
  });

  it('keeps a literal backslash-u-0000 text (an escaped backslash), which is not a NUL', async () => {
    const response = await post(
      '/v1/bookings',
      session.headers,
      JSON.stringify({ ...validBody, golfers: [], notes: 'C:\\u0000' }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(errorEnvelope(response.body).code).toBe('validation_failed');
    await expectNothingChanged();
  });

  it('stores unicode notes (accents, emoji, right-to-left, combining marks) exactly', async () => {
    const notes = 'Çaddie for Zoë 🏌️‍♀️ — שלום — e\u0301';
    const response = await post('/v1/bookings', session.headers, JSON.stringify({ ...validBody, notes }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.notes).toBe(notes);
    // The one case here that writes: release the places for the other tests.
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`delete from bookings where id = ${response.json().data.booking_id}`,
    );
  });
});

describe('text PostgreSQL cannot store (NUL, unpaired UTF-16 surrogates)', () => {
  // JSON can spell both (\u0000, a lone \ud800): PostgreSQL refuses them in text and jsonb, so unchecked they
  // reached the database and answered 500, and the failed query (parameters and all) went to the log.
  const refusal = (field: string) => ({
    code: 'invalid_text',
    message: UNSTORABLE_TEXT_MESSAGES.message,
    fields: { [field]: UNSTORABLE_TEXT_MESSAGES.field },
  });

  async function heldBookingId(): Promise<number> {
    const created = await post('/v1/bookings', session.headers, JSON.stringify(validBody));
    expect(created.statusCode, created.body).toBe(200);
    before = await databaseSnapshot(t.database);
    return created.json().data.booking_id as number;
  }

  async function release(bookingId: number) {
    await t.database.db.execute(sql`delete from bookings where id = ${bookingId}`);
  }

  function saveDetails(bookingId: number, payload: string) {
    return t.app.inject({
      method: 'PATCH',
      url: `/v1/bookings/${bookingId}/details`,
      headers: session.headers,
      payload,
    });
  }

  it.each([
    ['a lone high surrogate', 'first_name', 'A\\ud800'],
    ['a lone low surrogate', 'surname', '\\udc00Lovelace'],
    ['a high surrogate followed by a letter', 'address_line_1', '1 Links\\ud83cRoad'],
    ['a NUL character', 'postcode', 'DD7\\u00007JE'],
  ])('refuses %s in the contact details with a 400 naming the field', async (_label, field, text) => {
    const bookingId = await heldBookingId();
    try {
      // Written by hand: JSON.stringify would escape the backslash of the \u escape.
      const payload = JSON.stringify(CONTACT_DETAILS).replace(
        `"${field}":${JSON.stringify(CONTACT_DETAILS[field as keyof typeof CONTACT_DETAILS])}`,
        `"${field}":"${text}"`,
      );
      expect(payload).toContain(text);
      const response = await saveDetails(bookingId, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorEnvelope(response.body)).toEqual(refusal(field));
      await expectNothingChanged();
    } finally {
      await release(bookingId);
    }
  });

  it('names the path of a nested field, and of an object whose key is unstorable', async () => {
    const nested = await post(
      '/v1/bookings',
      session.headers,
      JSON.stringify(validBody).replace('"teeTime":{', '"teeTime":{"label":"x\\udfff",'),
    );
    expect(errorEnvelope(nested.body)).toEqual(refusal('courses.0.teeTime.label'));
    const key = await post(
      '/v1/bookings',
      session.headers,
      JSON.stringify(validBody).replace('{"id":1,', '{"\\ud800":1,"id":1,'),
    );
    expect(key.statusCode, key.body).toBe(400);
    expect(errorEnvelope(key.body)).toEqual(refusal('golfers.0'));
    await expectNothingChanged();
  });

  it('refuses a NUL character in notes with a 400 instead of a 500', async () => {
    const response = await post(
      '/v1/bookings',
      session.headers,
      JSON.stringify({ ...validBody, notes: 'Trolley\u0000please' }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(errorEnvelope(response.body)).toEqual(refusal('notes'));
    await expectNothingChanged();
  });

  it('accepts a surrogate pair written as escapes (an emoji), which is well-formed text', async () => {
    const payload = JSON.stringify({ ...validBody, notes: 'NOTES' }).replace('NOTES', 'Fore \\ud83c\\udfcc');
    const response = await post('/v1/bookings', session.headers, payload);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.notes).toBe('Fore 🏌');
    await release(response.json().data.booking_id);
  });
});

describe('impossible numbers in a booking body', () => {
  const golfer = (playerTypeId: unknown) => ({ id: 1, playerTypeId });
  it.each([
    ['1e309 (Infinity once parsed)', '1e309'],
    ['-1', '-1'],
    ['0', '0'],
    ['1.5', '1.5'],
    ['2^53', '9007199254740992'],
    ['a numeric string', '"1"'],
    ['null', 'null'],
    ['a huge exponent', '1e400000'],
  ])('refuses a player type of %s with the field message', async (_label, raw) => {
    const payload = JSON.stringify({ ...validBody, golfers: [golfer('__RAW__')] }).replace('"__RAW__"', raw);
    const response = await post('/v1/bookings', session.headers, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.values(errorEnvelope(response.body).fields ?? {})).toContain(
      positiveWholeNumberMessage('Each golfer player type'),
    );
    await expectNothingChanged();
  });

  // Up to 16 caddies fit the field (a tour operator's group of 16); never more than the booking's golfers.
  it.each([
    ['-1', 'Caddies must be a whole number from 0 to 16'],
    ['1.5', 'Caddies must be a whole number from 0 to 16'],
    ['17', 'Caddies must be a whole number from 0 to 16'],
    ['1e309', 'Caddies must be a whole number from 0 to 16'],
    ['"2"', 'Caddies must be a whole number from 0 to 16'],
    ['5', 'You can book at most one caddie per golfer.'],
  ])('refuses %s caddies', async (raw, message) => {
    const payload = JSON.stringify(validBody).replace('"caddies":0', `"caddies":${raw}`);
    const response = await post('/v1/bookings', session.headers, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.values(errorEnvelope(response.body).fields ?? {})).toContain(message);
    await expectNothingChanged();
  });

  it.each(['9007199254740993', '2147483648', '-5'])(
    'refuses a tee time id of %s with the field message, never a failing query',
    async (raw) => {
      const payload = JSON.stringify(validBody).replace(/"teeTime":\{"id":\d+/, `"teeTime":{"id":${raw}`);
      const response = await post('/v1/bookings', session.headers, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.values(errorEnvelope(response.body).fields ?? {})).toContain(
        positiveWholeNumberMessage('The tee time id'),
      );
      await expectNothingChanged();
    },
  );

  it('answers a tee time id that does not exist with a 4xx envelope', async () => {
    const payload = JSON.stringify(validBody).replace(/"teeTime":\{"id":\d+/, '"teeTime":{"id":2147483647');
    const response = await post('/v1/bookings', session.headers, payload);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(errorEnvelope(response.body).message.length).toBeGreaterThan(10);
    await expectNothingChanged();
  });
});

describe('impossible dates and ids in paths and query strings', () => {
  it.each([
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-2-3',
    '26-03-26',
    '2026-03-26T00:00:00Z',
    '+2026-03-26',
    '２０２６-０３-２６',
    '',
  ])('GET diary with start_date=%s answers 400 with the date message', async (date) => {
    const response = await get(
      `/v1/courses/${COURSE_IDS.burnside}/diary?start_date=${encodeURIComponent(date)}`,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(errorEnvelope(response.body).fields?.start_date).toBe(realDateMessage('start_date'));
  });

  it.each(['2026-13', '2026-00', '2026-1', '999999-01'])(
    'GET availability with month=%s answers 400 with the month message',
    async (month) => {
      const response = await get(`/v1/courses/${COURSE_IDS.burnside}/availability?month=${month}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorEnvelope(response.body).fields?.month).toBe(realMonthMessage('month'));
    },
  );

  it.each([
    '1e309',
    '-1',
    '0',
    '01',
    '1.0',
    '0x10',
    '9007199254740992',
    '99999999999999999999',
    '2147483648',
    '999999999999999',
    'NaN',
    'Infinity',
    '%20',
    '١',
  ])('GET /v1/courses/%s/diary answers 400 with the id message', async (id) => {
    const response = await get(`/v1/courses/${encodeURIComponent(id)}/diary?start_date=${THURSDAY}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorEnvelope(response.body).fields?.id).toBe(positiveWholeNumberMessage('The course id'));
  });

  it.each(['2147483648', '9999999999', '-1', '1e3'])(
    'GET diary with current_booking_id=%s answers 400, never a failing query',
    async (id) => {
      const response = await get(
        `/v1/courses/${COURSE_IDS.burnside}/diary?start_date=${THURSDAY}&current_booking_id=${id}`,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(errorEnvelope(response.body).fields?.current_booking_id).toBe(
        positiveWholeNumberMessage('current_booking_id'),
      );
    },
  );

  it('answers a well-formed course id that does not exist with 404', async () => {
    const response = await get(`/v1/courses/2147483647/diary?start_date=${THURSDAY}`);
    expect(response.statusCode, response.body).toBe(404);
    expect(errorEnvelope(response.body).message.length).toBeGreaterThan(5);
  });

  it.each(['1e309', '-1', '01', '9007199254740992', '9999999999', '2147483648', 'abc'])(
    'PATCH /v1/bookings/%s with a valid body changes nothing',
    async (id) => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/v1/bookings/${id}`,
        headers: session.headers,
        payload: validBody,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(errorEnvelope(response.body).fields?.id).toBe('The booking id must be a positive whole number');
      await expectNothingChanged();
    },
  );

  it('answers a very long path or query with a 4xx, not a 500', async () => {
    for (const url of [
      `/v1/courses/${'9'.repeat(5000)}/diary?start_date=${THURSDAY}`,
      `/v1/courses/1/diary?start_date=${'2'.repeat(20_000)}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url.slice(0, 60)).toBeLessThan(500);
    }
  });
});

describe('CSRF on the real booking route', () => {
  it('refuses a booking without the token header (403) and writes nothing', async () => {
    const { 'x-xsrf-token': _omit, ...headers } = session.headers;
    const response = await postValidBooking(headers);
    expect(response.statusCode).toBe(403);
    expect(errorEnvelope(response.body).code).toBe('csrf_invalid');
    await expectNothingChanged();
  });

  it("refuses a booking carrying another session's token (403)", async () => {
    const other = await withCsrf(t.app);
    const response = await postValidBooking({ ...session.headers, 'x-xsrf-token': other.token });
    expect(response.statusCode).toBe(403);
    expect(errorEnvelope(response.body).code).toBe('csrf_invalid');
    await expectNothingChanged();
  });

  it("refuses the token alone, sent with another session's cookie (403)", async () => {
    const other = await withCsrf(t.app);
    const response = await postValidBooking({ ...session.headers, cookie: other.cookie });
    expect(response.statusCode).toBe(403);
    await expectNothingChanged();
  });

  // What another site's <form method=post> can send: the visitor's cookies, its own Origin, a simple content type,
  // and no custom headers (no X-Api-Key, X-Requested-With or X-XSRF-TOKEN).
  it.each([
    ['application/x-www-form-urlencoded', 'courses=1&golfers=2'],
    ['text/plain', JSON.stringify(validBody)],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  ])('refuses a cross-site form post (%s) and writes nothing', async (contentType, payload) => {
    for (const path of ['/v1/bookings', '/v1/bookings/1', '/v1/login', '/v1/bookings/1/payment']) {
      const response = await t.app.inject({
        method: path === '/v1/bookings' || path === '/v1/login' ? 'POST' : 'PATCH',
        url: path,
        headers: {
          cookie: session.cookie,
          origin: 'https://attacker.example',
          referer: 'https://attacker.example/form.html',
          'sec-fetch-site': 'cross-site',
          'content-type': contentType,
        },
        payload,
      });
      expect(response.statusCode, `${path}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${path}: ${response.body}`).toBeLessThan(500);
      expect(errorEnvelope(response.body).message.length).toBeGreaterThan(10);
    }
    await expectNothingChanged();
  });

  it('grants no cross-origin access: a preflight from another site gets no Access-Control-Allow-Origin', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/bookings',
      headers: {
        origin: 'https://attacker.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key,x-requested-with,x-xsrf-token',
      },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    await expectNothingChanged();
  });
});
