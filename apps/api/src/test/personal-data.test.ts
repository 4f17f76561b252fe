import { describe, expect, it } from 'vitest';
import { CONTACT_DETAILS } from '../modules/confirmation/confirmation-test-helpers.ts';
import { findPersonalData } from './personal-data.ts';

describe('findPersonalData', () => {
  it('finds the contact fixtures in every shape the API writes them', () => {
    const line = JSON.stringify({ err: { params: [JSON.stringify(CONTACT_DETAILS)] } });
    expect(findPersonalData(line)).toEqual([
      'e-mail address: ada@example.com',
      'postcode: DD7 7JE',
      'telephone number: 07400 123456',
    ]);
    expect(findPersonalData('to lottie@example.com, +44 7400 123456, dd77je')).toEqual([
      'e-mail address: lottie@example.com',
      'postcode: dd77je',
      'telephone number: +44 7400 123456',
    ]);
  });

  it('leaves a pino request line alone', () => {
    const line =
      '{"level":30,"time":1764000000000,"pid":4242,"hostname":"ci-7","reqId":"9f1c2a3b-1k","method":"PATCH",' +
      '"url":"/v1/bookings/12/details","status":400,"ms":1.82,"msg":"request"}';
    expect(findPersonalData(line)).toEqual([]);
  });
});
