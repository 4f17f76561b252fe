import { describe, expect, it } from 'vitest';
import { depositPence } from '../payment-terms';
import { fieldMessagesOf } from '../test/issue-messages';
import {
  OPERATOR_CONTACT_MESSAGES as M,
  operatorPlayerDetailsSchema,
  saveDetailsResponseSchema,
} from './operator-contact-details';

const valid = {
  first_name: ' Ada ',
  surname: 'Lovelace',
  lead_player_country_code: 'gb',
  payment_method: 'deposit',
  terms_and_conditions_agreed: true,
};

const messages = (body: unknown) => fieldMessagesOf(operatorPlayerDetailsSchema.safeParse(body));

describe('operatorPlayerDetailsSchema', () => {
  it('trims the names, upper-cases the country and drops keys it does not know', () => {
    expect(operatorPlayerDetailsSchema.parse({ ...valid, email_address: 'x@example.com' })).toEqual({
      first_name: 'Ada',
      surname: 'Lovelace',
      lead_player_country_code: 'GB',
      payment_method: 'deposit',
      terms_and_conditions_agreed: true,
    });
  });

  it('answers every section 5 tour-operator message word for word', () => {
    expect(messages({})).toEqual({
      first_name: 'Please enter lead players first name',
      surname: 'Please enter lead players last name',
      lead_player_country_code: 'Please select a country',
      payment_method: 'Please select a payment method',
      terms_and_conditions_agreed: 'Please confirm you agree to the terms and conditions',
    });
    expect(
      messages({
        first_name: '  ',
        surname: '',
        lead_player_country_code: 'Scotland',
        payment_method: 'cheque',
        terms_and_conditions_agreed: false,
      }),
    ).toEqual({
      first_name: M.firstName,
      surname: M.surname,
      lead_player_country_code: M.leadCountry,
      payment_method: M.paymentMethod,
      terms_and_conditions_agreed: M.terms,
    });
  });

  it('accepts each of the three payment methods', () => {
    for (const method of ['online', 'deposit', 'offline']) {
      expect(operatorPlayerDetailsSchema.safeParse({ ...valid, payment_method: method }).success).toBe(true);
    }
  });
});

describe('saveDetailsResponseSchema', () => {
  const intent = {
    id: 'pi_1',
    client_secret: 's',
    amount: 100,
    status: 'requires_payment_method',
    metadata: {},
  };

  it('allows an intent without a confirmation URL, or a confirmation URL without an intent, not neither', () => {
    expect(
      saveDetailsResponseSchema.safeParse({ data: { payment_intent: intent, confirmation_url: null } })
        .success,
    ).toBe(true);
    expect(
      saveDetailsResponseSchema.safeParse({
        data: { payment_intent: null, confirmation_url: '/confirmation/1' },
      }).success,
    ).toBe(true);
    expect(
      saveDetailsResponseSchema.safeParse({ data: { payment_intent: null, confirmation_url: null } }).success,
    ).toBe(false);
  });
});

describe('depositPence', () => {
  it('rounds to the nearest penny, a half penny up', () => {
    expect(depositPence(10_001, 50)).toBe(5001);
    expect(depositPence(9_999, 33)).toBe(3300);
    expect(depositPence(12_345, 25)).toBe(3086);
    expect(depositPence(12_345, 0)).toBe(0);
    expect(depositPence(12_345, 100)).toBe(12_345);
  });
});
