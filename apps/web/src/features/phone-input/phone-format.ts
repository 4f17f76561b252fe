import { PHONE_INPUT_MAX_LENGTH } from '@links/shared/schemas/contact-details';
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';

// Spec section 2, step 2: the phone input turns a leading 00 into +, formats as the visitor types, and follows a
// + prefix to its country. This module loads libphonenumber-js and its metadata: import it only from lazy chunks.

export type PhoneValue = { country: string; number: string };

const FORMATTABLE = /^\+?[\d\s().-]*$/;
/**
 * A number followed by an extension as people write it, also while it is being typed: 'ext. 12', 'ext12',
 * 'extension 12', 'x12', '#12' (and the e, ex of 'ext' on the way). Group 1 is the number, group 2 the extension.
 */
const WITH_EXTENSION = /^(\+?[\d\s().-]*\d)\s*((?:e|ex|ext|ext\.|extn\.?|extension|x|#)\s*\d*)$/i;

/** 00 is the international prefix most of the world dials: written as +, the country code follows. */
export function normalisePhoneText(text: string): string {
  const trimmed = text.replace(/^\s+/, '').slice(0, PHONE_INPUT_MAX_LENGTH);
  return trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
}

export function isCountryCode(value: string): value is CountryCode {
  return /^[A-Z]{2}$/.test(value) && isSupportedCountry(value);
}

/** The country that owns a calling code's numbering plan (+1 is the US, +44 the UK), if the code exists. */
export function mainCountryForCallingCode(callingCode: string): CountryCode | undefined {
  const countries = (metadata as { country_calling_codes: Record<string, string[]> }).country_calling_codes[
    callingCode
  ];
  const main = countries?.[0];
  return main && isCountryCode(main) ? main : undefined;
}

/**
 * The country a number in international form names, when it names another one than `current`: the exact country
 * once the digits tell it, else the calling code's main country (a number on +44 keeps Jersey if Jersey is chosen).
 */
export function countryFromInternational(text: string, current: string): string {
  if (!text.startsWith('+')) return current;
  const typing = new AsYouType();
  typing.input(text);
  const exact = typing.getCountry();
  if (exact) return exact;
  const callingCode = typing.getCallingCode();
  if (!callingCode) return current;
  if (isCountryCode(current) && getCountryCallingCode(current) === callingCode) return current;
  return mainCountryForCallingCode(callingCode) ?? current;
}

/**
 * The next value of the phone input after the visitor changed its text from `previous` to `raw`. Typing is
 * formatted as you type (internationally after a +, nationally for the chosen country otherwise); deleting is left
 * alone so backspace can remove a space or bracket the formatter added. Text that is not a phone number (letters)
 * is kept as typed for validation to explain.
 */
export function nextPhoneValue(raw: string, previous: string, country: string): PhoneValue {
  const text = normalisePhoneText(raw);
  const nextCountry = countryFromInternational(text, country);
  if (text.length < previous.length) return { country: nextCountry, number: text };
  // An extension keeps its own text, one space after the formatted number ('07400 123456 ext. 12').
  const extension = WITH_EXTENSION.exec(text);
  if (extension) {
    const [, number = '', ext = ''] = extension;
    return { country: nextCountry, number: `${formatAsTyped(number, country)} ${ext}` };
  }
  if (!FORMATTABLE.test(text)) return { country: nextCountry, number: text };
  const formatted = formatAsTyped(text, country);
  // The formatter drops a space typed at the end: it may be the one before an extension, so it stays.
  return {
    country: nextCountry,
    number: /\s$/.test(text) && !/\s$/.test(formatted) ? `${formatted} ` : formatted,
  };
}

function formatAsTyped(text: string, country: string): string {
  const typing = text.startsWith('+')
    ? new AsYouType()
    : new AsYouType(isCountryCode(country) ? country : undefined);
  return typing.input(text) || text;
}

/**
 * On leaving the field, a complete number is written internationally (07700 900123 becomes +44 7700 900123), so
 * what is saved reads the same from anywhere; an extension follows as ' ext. 12', however it was written.
 */
export function internationalPhoneText(text: string, country: string): string {
  const extension = WITH_EXTENSION.exec(text);
  const digits = extension?.[2]?.replace(/\D/g, '');
  if (extension && digits) {
    const number = possibleInternational(extension[1] ?? '', country);
    return number ? `${number} ext. ${digits}` : text;
  }
  return possibleInternational(text, country) ?? text;
}

function possibleInternational(text: string, country: string): string | null {
  if (!isCountryCode(country) || !FORMATTABLE.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, country);
  return parsed?.isPossible() ? parsed.formatInternational() : null;
}

export type PhoneCountry = { code: string; name: string; callingCode: string };

let phoneCountries: PhoneCountry[] | null = null;

/** Every country libphonenumber-js knows, named in en-GB by the browser and sorted by name. */
export function listPhoneCountries(): PhoneCountry[] {
  if (phoneCountries) return phoneCountries;
  const names = new Intl.DisplayNames(['en-GB'], { type: 'region' });
  phoneCountries = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  return phoneCountries;
}
