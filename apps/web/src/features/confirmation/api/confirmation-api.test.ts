// @vitest-environment happy-dom
import { confirmationResponseSchema } from '@links/shared/schemas/confirmation';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, userMessage } from '@/lib/api-client';
import { answer, type Received, recorded, v1 } from '@/test/api-server';
import { useApiPage } from '@/test/use-api-page';
import { fixtureConfirmation } from '../test/confirmation-fixture';
import {
  accessWithPin,
  CADDIES_UPDATE_FALLBACK,
  CONFIRMATION_MESSAGE_RULE,
  classifyLoadFailure,
  getConfirmation,
  PIN_ERROR_FALLBACK,
  pinErrorDetails,
  updateCaddies,
} from './confirmation-api';

describe('confirmation api', () => {
  const server = useApiPage('t');

  it('fetches by the signed query, by session, and posts the PIN and the caddies', async () => {
    const calls: Received[] = [];
    const booking = recorded(calls, () =>
      answer(confirmationResponseSchema, { data: fixtureConfirmation() }),
    );
    server.use(
      http.all(v1('/bookings/:number/confirmation'), booking),
      http.patch(v1('/bookings/:number/caddies'), booking),
    );
    await getConfirmation('260000123', { signature: 'abc', expires: '1800000000' });
    await getConfirmation('260000123', null);
    await accessWithPin({ booking_id: '260000123', pin: '4821' });
    await updateCaddies({ booking_id: '260000123', courses: [{ id: 1, caddies: 2 }] });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /v1/bookings/260000123/confirmation?signature=abc&expires=1800000000',
      'GET /v1/bookings/260000123/confirmation',
      'POST /v1/bookings/260000123/confirmation',
      'PATCH /v1/bookings/260000123/caddies',
    ]);
    expect(calls[2]?.body).toEqual({ booking_id: '260000123', pin: '4821' });
    expect(calls[3]?.body).toEqual({ booking_id: '260000123', courses: [{ id: 1, caddies: 2 }] });
  });

  it('classifies load failures as the page words them', () => {
    const expired = new ApiError(403, { message: 'x', code: 'link_expired' });
    const access = new ApiError(403, { message: 'x', code: 'access_required' });
    const missing = new ApiError(404, { message: 'x', code: 'booking_not_found' });
    expect(classifyLoadFailure(expired, true)).toBe('link_expired');
    expect(classifyLoadFailure(new ApiError(403, { message: 'x' }), true)).toBe('link_expired');
    expect(classifyLoadFailure(access, false)).toBe('pin_required');
    expect(classifyLoadFailure(missing, false)).toBe('unknown_booking');
    expect(classifyLoadFailure(new ApiError(500, { message: 'x' }), false)).toBe('unexpected');
    expect(classifyLoadFailure(new TypeError('Failed to fetch'), true)).toBe('unexpected');
  });

  it('gives the server message and fields of a PIN failure, else ERR-045', () => {
    const invalid = new ApiError(400, {
      message: 'Please enter your pin code',
      fields: { pin: 'Please enter your pin code' },
    });
    expect(pinErrorDetails(invalid)).toEqual({
      message: 'Please enter your pin code',
      fields: { pin: 'Please enter your pin code' },
    });
    expect(pinErrorDetails(new ApiError(502, { message: 'Bad gateway' }))).toEqual({
      message: PIN_ERROR_FALLBACK,
      fields: {},
    });
    expect(PIN_ERROR_FALLBACK).toBe(
      'An unexpected error occurred, please try again. If the problem persists, please contact us quoting ERR-045.',
    );
    expect(
      userMessage(
        new ApiError(422, { message: 'Locked' }),
        CADDIES_UPDATE_FALLBACK,
        CONFIRMATION_MESSAGE_RULE,
      ),
    ).toBe('Locked');
    expect(userMessage(new TypeError('offline'), CADDIES_UPDATE_FALLBACK, CONFIRMATION_MESSAGE_RULE)).toBe(
      CADDIES_UPDATE_FALLBACK,
    );
  });
});
