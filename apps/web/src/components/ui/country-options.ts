import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { SelectOption } from './form-field';

// Country pickers: every region libphonenumber-js knows (so every choice also has phone rules), named in
// en-GB by the browser's Intl. Import only from lazily loaded pages: libphonenumber-js is not small.

let cached: { countries: SelectOption[]; dialling: SelectOption[] } | null = null;

function build() {
  const names = new Intl.DisplayNames(['en-GB'], { type: 'region' });
  const entries = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  return {
    countries: entries.map(({ code, name }) => ({ value: code, label: name })),
    dialling: entries.map(({ code, name }) => ({
      value: code,
      label: `${name} (+${getCountryCallingCode(code as CountryCode)})`,
    })),
  };
}

/** ISO 3166-1 alpha-2 codes with their English names, sorted by name. */
export function countryOptions(): SelectOption[] {
  cached ??= build();
  return cached.countries;
}

/** The same countries labelled with their calling code, for a telephone's country. */
export function diallingCodeOptions(): SelectOption[] {
  cached ??= build();
  return cached.dialling;
}
