import { describe, expect, it } from 'vitest';
import { messagesOf } from '../test/issue-messages';
import {
  individualPlayerDetailsSchema,
  INDIVIDUAL_CONTACT_MESSAGES as M,
  recordPaymentBodySchema,
  telephoneProblem,
} from './contact-details';

const valid = {
  player_type: 'booking_player',
  lead_player_name: 'Hogan',
  lead_player_country_code: 'us',
  first_name: 'Ada',
  surname: 'Lovelace',
  email_address: 'ada@example.com',
  telephone_country_code: 'gb',
  telephone_number: '07400 123456',
  address_line_1: '1 Links Road',
  city: 'Carnoustie',
  county: 'Angus',
  postcode: 'DD7 7JE',
  country: 'gb',
};

describe('individualPlayerDetailsSchema', () => {
  it('keeps the form lead player for a booking_player and defaults the optional fields', () => {
    const parsed = individualPlayerDetailsSchema.parse(valid);
    expect(parsed).toMatchObject({
      lead_player_name: 'Hogan',
      lead_player_country_code: 'US',
      country: 'GB',
      address_line_2: '',
      title: '',
      stay_connected: false,
    });
  });

  it('sets the lead player to the surname and country for a lead_player', () => {
    const parsed = individualPlayerDetailsSchema.parse({ ...valid, player_type: 'lead_player' });
    expect(parsed.lead_player_name).toBe('Lovelace');
    expect(parsed.lead_player_country_code).toBe('GB');
  });

  it('refuses a bad e-mail and an unknown player type with the section 5 wording', () => {
    const result = individualPlayerDetailsSchema.safeParse({
      ...valid,
      player_type: 'x',
      email_address: 'no',
    });
    expect(result.success).toBe(false);
    const messages = messagesOf(result);
    expect(messages).toContain(M.playerType);
    expect(messages).toContain(M.emailInvalid);
  });
});

describe('telephoneProblem', () => {
  it('tells missing, unparsable, invalid and valid numbers apart', () => {
    expect(telephoneProblem('GB', ' ')).toBe(M.telephone);
    expect(telephoneProblem('', '07400 123456')).toBe(M.telephoneRequired);
    expect(telephoneProblem('ZZ', '07400 123456')).toBe(M.telephoneRequired);
    expect(telephoneProblem('GB', 'x')).toBe(M.telephoneUnparsable);
    expect(telephoneProblem('GB', '0740')).toBe(M.telephoneInvalid);
    expect(telephoneProblem('GB', '+1 212 555 0100')).toBe(M.telephoneInvalid);
    expect(telephoneProblem('GB', '07400 123456')).toBeNull();
    expect(telephoneProblem('GB', '+44 7400 123456')).toBeNull();
  });
});

describe('recordPaymentBodySchema', () => {
  it('needs the booking id and intent; newsletter defaults to false', () => {
    expect(recordPaymentBodySchema.parse({ booking_id: 3, payment_intent: 'pi_1' })).toEqual({
      booking_id: 3,
      payment_intent: 'pi_1',
      newsletter: false,
    });
    expect(recordPaymentBodySchema.safeParse({ booking_id: 0, payment_intent: '' }).success).toBe(false);
  });
});
