// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, userMessage } from '../../../lib/api-client';
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
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=t; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches by the signed query, by session, and posts the PIN and the caddies', async () => {
    const fetchMock = vi.fn(async () => Response.json({ data: { booking_number: '260000123' } }));
    vi.stubGlobal('fetch', fetchMock);
    await getConfirmation('260000123', { signature: 'abc', expires: '1800000000' });
    await getConfirmation('260000123', null);
    await accessWithPin({ booking_id: '260000123', pin: '4821' });
    await updateCaddies({ booking_id: '260000123', courses: [{ id: 1, caddies: 2 }] });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /v1/bookings/260000123/confirmation?signature=abc&expires=1800000000',
      'GET /v1/bookings/260000123/confirmation',
      'POST /v1/bookings/260000123/confirmation',
      'PATCH /v1/bookings/260000123/caddies',
    ]);
    expect(JSON.parse(String(calls[2]?.[1].body))).toEqual({ booking_id: '260000123', pin: '4821' });
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
