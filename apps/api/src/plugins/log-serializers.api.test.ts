import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_DETAILS } from '../modules/confirmation/confirmation-test-helpers.ts';
import { capturedAppLog } from '../test/app-log.ts';
import { findPersonalData } from '../test/personal-data.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Database errors carry the data they were given (drizzle's params and message, the driver's detail and echoed
// value). These failures are real, from the database under test, with a golfer's details as parameters: the log
// must say what failed (query text, SQLSTATE, constraint) and hold none of the values.

const { email_address: EMAIL, telephone_number: PHONE, postcode: POSTCODE } = CONTACT_DETAILS;

const FAILURES: Record<string, { code: string | RegExp; run: (t: TestApp) => Promise<unknown> }> = {
  'a value echoed in the message (integer cast)': {
    code: '22P02',
    run: (t) => t.database.db.execute(sql`select ${EMAIL}::int as n`),
  },
  'a lone surrogate in jsonb (the contact details of issue 20)': {
    // PostgreSQL answers untranslatable_character, PGlite invalid_text_representation.
    code: /^22P0[25]$/,
    run: (t) =>
      t.database.db.execute(
        sql`select ${`{"email_address":"${EMAIL}","postcode":"${POSTCODE}","first_name":"A\\ud800"}`}::jsonb as j`,
      ),
  },
  'the failing row in the detail (not-null)': {
    code: '23502',
    run: (t) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`create temp table golfer (email text, phone text, postcode text not null) on commit drop`,
        );
        await tx.execute(sql`insert into golfer values (${EMAIL}, ${PHONE}, ${null})`);
      }),
  },
  'the key in the detail (unique)': {
    code: '23505',
    run: (t) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`create temp table golfer (email text unique) on commit drop`);
        await tx.execute(sql`insert into golfer values (${EMAIL}), (${EMAIL})`);
      }),
  },
  'the failing row in the detail (check)': {
    code: '23514',
    run: (t) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`create temp table golfer (email text, postcode text check (length(postcode) < 4)) on commit drop`,
        );
        await tx.execute(sql`insert into golfer values (${EMAIL}, ${POSTCODE})`);
      }),
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get<{ Params: { name: string } }>('/failing-query/:name', async (request) => {
    await FAILURES[request.params.name]?.run(t);
    return { data: 'not reached' };
  });
});
afterAll(async () => t?.close());

type LogLine = { msg: string; err?: Record<string, unknown> & { cause?: Record<string, unknown> } };

function logLines(): LogLine[] {
  return capturedAppLog()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

describe('a failed query in the log', () => {
  it.each(Object.entries(FAILURES))(
    '%s: the query and SQLSTATE, none of the values',
    async (name, failure) => {
      const linesBefore = logLines().length;
      const response = await t.app.inject({
        method: 'GET',
        url: `/failing-query/${encodeURIComponent(name)}`,
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: 'internal_error', message: 'An unexpected error occurred.' },
      });

      const logged = logLines().slice(linesBefore);
      const failed = logged.find((line) => line.msg === 'request failed');
      expect(failed?.err).toMatchObject({
        type: 'DrizzleQueryError',
        message: expect.stringMatching(/^Failed query: /),
        query: expect.stringContaining('$1'),
        cause: {
          code: typeof failure.code === 'string' ? failure.code : expect.stringMatching(failure.code),
          severity: 'ERROR',
        },
      });
      expect(findPersonalData(JSON.stringify(logged))).toEqual([]);
    },
  );

  it('keeps the names PostgreSQL quotes (relation, column) and drops the values it quotes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/failing-query/missing' });
    expect(response.statusCode).toBe(200);
    const error = await t.database.db
      .execute(sql`select * from no_such_table where x = ${EMAIL}`)
      .catch((e) => e);
    t.app.log.error({ err: error }, 'a job failed');
    const line = logLines().find((entry) => entry.msg === 'a job failed');
    expect(line?.err?.cause).toMatchObject({
      code: '42P01',
      message: 'relation "no_such_table" does not exist',
    });
    expect(findPersonalData(JSON.stringify(line))).toEqual([]);
  });
});
