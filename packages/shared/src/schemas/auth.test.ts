import { describe, expect, it } from 'vitest';
import { fieldMessagesOf as messages } from '../test/issue-messages';
import { EMPTY_OPERATOR_DETAILS, EMPTY_OPERATOR_DETAILS_MESSAGES } from '../test/operator-details-form';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  updatePasswordRequestSchema,
} from './auth';
import { updateOperatorDetailsRequestSchema } from './operator-account';

const validDetails = {
  title: 'Mr',
  email_address: 'ops@fairway-tours.example',
  telephone_number: '01241 853789',
  address_lines: ['1 Links Parade'],
  city: 'Carnoustie',
  county: 'Angus',
  post_code: 'DD7 7JE',
  country_code: 'GB',
};

describe('auth request schemas', () => {
  it('login messages', () => {
    expect(messages(loginRequestSchema.safeParse({ username: ' ', password: '' }))).toEqual({
      username: 'Please enter a username address',
      password: 'Please enter your password',
    });
    expect(messages(loginRequestSchema.safeParse({}))).toEqual({
      username: 'Please enter a username address',
      password: 'Please enter your password',
    });
  });

  it('forgot message', () => {
    expect(messages(forgotPasswordRequestSchema.safeParse({ username: '' }))).toEqual({
      username: 'Please enter a username',
    });
  });

  it('reset messages', () => {
    const base = { username: 'u', token: 't' };
    expect(
      messages(resetPasswordRequestSchema.safeParse({ ...base, password: '', password_confirmation: '' })),
    ).toEqual({
      password: 'Please enter a new password',
      password_confirmation: 'Please confirm the new password',
    });
    expect(
      messages(
        resetPasswordRequestSchema.safeParse({ ...base, password: 'short1!A', password_confirmation: 'x' }),
      ),
    ).toEqual({
      password: 'Password does not meet all criteria',
      password_confirmation: 'Please make sure your passwords match',
    });
    expect(
      resetPasswordRequestSchema.safeParse({
        ...base,
        password: 'Fairway2026!',
        password_confirmation: 'Fairway2026!',
      }).success,
    ).toBe(true);
  });

  it('update password gives each field its own mismatch text', () => {
    expect(
      messages(
        updatePasswordRequestSchema.safeParse({
          current_password: 'Old-Password-1!',
          password: 'Fairway2026!',
          password_confirmation: 'Fairway2027!',
        }),
      ),
    ).toEqual({
      password: 'Please make sure your passwords match',
      password_confirmation: 'Passwords do not match',
    });
  });

  it('update password asks for the current password (issue 24)', () => {
    expect(
      messages(
        updatePasswordRequestSchema.safeParse({
          password: 'Fairway2026!',
          password_confirmation: 'Fairway2026!',
        }),
      ),
    ).toEqual({ current_password: 'Please enter your current password' });
    expect(
      updatePasswordRequestSchema.safeParse({
        current_password: 'Old-Password-1!',
        password: 'Fairway2026!',
        password_confirmation: 'Fairway2026!',
      }).success,
    ).toBe(true);
  });

  it('account details messages and phone validity for the chosen country', () => {
    expect(updateOperatorDetailsRequestSchema.safeParse(validDetails).success).toBe(true);
    expect(messages(updateOperatorDetailsRequestSchema.safeParse(EMPTY_OPERATOR_DETAILS))).toEqual(
      EMPTY_OPERATOR_DETAILS_MESSAGES,
    );
    expect(
      messages(updateOperatorDetailsRequestSchema.safeParse({ ...validDetails, email_address: 'nope' })),
    ).toEqual({
      email_address: 'Please enter a valid email address',
    });
    // A UK number is not a valid US number.
    expect(
      messages(
        updateOperatorDetailsRequestSchema.safeParse({ ...validDetails, telephone_country_code: 'US' }),
      ),
    ).toEqual({ telephone_number: 'Please enter a valid telephone number' });
    expect(
      messages(updateOperatorDetailsRequestSchema.safeParse({ ...validDetails, telephone_number: '123' })),
    ).toEqual({
      telephone_number: 'Please enter a valid telephone number',
    });
  });
});
