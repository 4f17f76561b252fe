import { telephoneProblem } from '@links/shared/schemas/contact-details';
import { describe, expect, it } from 'vitest';
import {
  countryFromInternational,
  internationalPhoneText,
  listPhoneCountries,
  mainCountryForCallingCode,
  nextPhoneValue,
  normalisePhoneText,
} from './phone-format';

/** Types `text` one character at a time, as the input would see it. */
function type(text: string, country = 'GB') {
  let value = { country, number: '' };
  for (const character of text) value = nextPhoneValue(value.number + character, value.number, value.country);
  return value;
}

describe('phone input formatting', () => {
  it('turns a leading 00 into +', () => {
    expect(normalisePhoneText('0044 7700 900123')).toBe('+44 7700 900123');
    expect(normalisePhoneText('  0033612345678')).toBe('+33612345678');
    expect(normalisePhoneText('07700 900123')).toBe('07700 900123');
    expect(normalisePhoneText('x'.repeat(300))).toHaveLength(250);
  });

  it('formats internationally as you type after 00 or +', () => {
    expect(type('0044 7700 900123')).toEqual({ country: 'GB', number: '+44 7700 900123' });
    expect(type('00447400123456')).toEqual({ country: 'GB', number: '+44 7400 123456' });
    expect(type('+12125550100', 'GB')).toEqual({ country: 'US', number: '+1 212 555 0100' });
  });

  it('formats national numbers for the chosen country', () => {
    expect(type('07400123456')).toEqual({ country: 'GB', number: '07400 123456' });
    expect(type('0612345678', 'FR')).toEqual({ country: 'FR', number: '06 12 34 56 78' });
  });

  it('switches country when a + prefix names another one, and keeps a country sharing the code', () => {
    expect(type('+33 6 12 34 56 78')).toEqual({ country: 'FR', number: '+33 6 12 34 56 78' });
    expect(countryFromInternational('+44', 'FR')).toBe('GB');
    expect(countryFromInternational('+44 7700', 'JE')).toBe('JE');
    expect(countryFromInternational('+1', 'GB')).toBe('US');
    expect(countryFromInternational('+353 87', 'GB')).toBe('IE');
    expect(countryFromInternational('07911', 'FR')).toBe('FR');
    expect(mainCountryForCallingCode('999')).toBeUndefined();
  });

  it('leaves deletions alone so backspace can remove formatting', () => {
    expect(nextPhoneValue('+44 7400 ', '+44 7400 1', 'GB')).toEqual({ country: 'GB', number: '+44 7400 ' });
    expect(nextPhoneValue('07400 12345', '07400 123456', 'GB').number).toBe('07400 12345');
  });

  it('keeps an extension apart from the number, formatted, as typed and on leaving the field', () => {
    expect(type('07400123456 ext. 12')).toEqual({ country: 'GB', number: '07400 123456 ext. 12' });
    expect(type('07400 123456ext12').number).toBe('07400 123456 ext12');
    expect(type('+44 7400 123456 x12').number).toBe('+44 7400 123456 x12');
    expect(type('07400 123456 ')).toEqual({ country: 'GB', number: '07400 123456 ' });
    expect(internationalPhoneText('07400 123456 ext. 12', 'GB')).toBe('+44 7400 123456 ext. 12');
    expect(internationalPhoneText('07400 123456 x12', 'GB')).toBe('+44 7400 123456 ext. 12');
    expect(internationalPhoneText('+44 7400 123456 x12', 'GB')).toBe('+44 7400 123456 ext. 12');
    expect(internationalPhoneText('0740 ext. 12', 'GB')).toBe('0740 ext. 12');
    expect(telephoneProblem('GB', internationalPhoneText('07400 123456 ext. 12', 'GB'))).toBeNull();
  });

  it('keeps text that is not a number as typed, for validation to explain', () => {
    expect(nextPhoneValue('call me', 'call m', 'GB').number).toBe('call me');
  });

  it('writes a complete number internationally on leaving the field', () => {
    expect(internationalPhoneText('07400 123456', 'GB')).toBe('+44 7400 123456');
    expect(internationalPhoneText('0791', 'GB')).toBe('0791');
    expect(internationalPhoneText('call me', 'GB')).toBe('call me');
  });

  it('lists countries by English name with their calling codes', () => {
    const countries = listPhoneCountries();
    expect(countries.length).toBeGreaterThan(200);
    expect(countries.find((country) => country.code === 'GB')).toEqual({
      code: 'GB',
      name: 'United Kingdom',
      callingCode: '44',
    });
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')));
  });

  it('gives the shared validity messages for the chosen country', () => {
    expect(telephoneProblem('GB', type('00447400123456').number)).toBeNull();
    expect(telephoneProblem('GB', type('0044 7700 9001').number)).toBe(
      'Please enter a valid telephone number',
    );
    expect(telephoneProblem('FR', '+44 7400 123456')).toBe('Please enter a valid telephone number');
    expect(telephoneProblem('GB', '')).toBe('Please enter a telephone number');
    expect(telephoneProblem('', '07400 123456')).toBe('Telephone country and number are required');
  });
});
