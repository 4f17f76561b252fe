import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, withCsrf } from '../../test/test-app.ts';
import * as operatorsRepository from '../operators/operators.repository.ts';
import { addOperator } from './test/auth-test-helpers.ts';

// POST /v1/forgot-password must not tell whether an account exists, neither by its answer nor by its timing: it
// answered an existing username in 11 ms and an unknown one in 4.6 ms (the reset token and e-mail were made before
// answering). Now the answer is sent after the same work for every username (the rate limits), and everything
// that depends on the account (the look-up, the token, the e-mail) runs after it. Proved without a clock: the
// account look-up is held until the answer has arrived, which would never happen if the answer waited for it.

vi.mock('../operators/operators.repository.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../operators/operators.repository.ts')>();
  return { ...actual, findOperatorByUsername: vi.fn(actual.findOperatorByUsername) };
});

const lookup = vi.mocked(operatorsRepository.findOperatorByUsername);
/** Far longer than any answer takes; reached only when the answer waits for the held look-up. */
const NO_ANSWER_AFTER_MS = 10_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://book.links.example' });
  await addOperator(t.database.db);
  lookup.mockClear();
});
afterAll(async () => t?.close());

/** Sends forgot-password while the account look-up is held back until the answer has arrived (or never came). */
async function forgotWithLookupHeld(username: string): Promise<LightMyRequestResponse> {
  const csrf = await withCsrf(t.app);
  let answered!: (response: LightMyRequestResponse | 'no answer') => void;
  const answer = new Promise<LightMyRequestResponse | 'no answer'>((resolve) => {
    answered = resolve;
  });
  const realLookup = lookup.getMockImplementation();
  lookup.mockImplementationOnce(async (...args) => {
    await answer;
    return realLookup ? realLookup(...args) : undefined;
  });
  const timer = setTimeout(() => answered('no answer'), NO_ANSWER_AFTER_MS);
  t.app
    .inject({ method: 'POST', url: '/v1/forgot-password', headers: csrf.headers, payload: { username } })
    .then(answered, () => answered('no answer'));
  const response = await answer;
  clearTimeout(timer);
  if (response === 'no answer') throw new Error('forgot-password waited for the account look-up to answer');
  return response;
}

const mailsTo = async (to: string) =>
  (await t.database.db.select().from(mailOutbox)).filter((mail) => mail.to === to);

describe('POST /v1/forgot-password answers before any work that depends on the account', () => {
  it('answers a known and an unknown username alike, before looking either up; mails only the real one', async () => {
    const known = await forgotWithLookupHeld('Fairway');
    const unknown = await forgotWithLookupHeld('nobody');
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('{"data":{}}');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const headerNames = (response: LightMyRequestResponse) => Object.keys(response.headers).sort();
    expect(headerNames(unknown)).toEqual(headerNames(known));

    // The look-ups ran after the answers, and the real account got its e-mail once they had.
    await t.app.afterAnswer.idle();
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(await mailsTo('ops@fairway-tours.example')).toHaveLength(1);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(1);
  });
});
