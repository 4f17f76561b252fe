import { PHONE_INPUT_MAX_LENGTH } from '@links/shared/schemas/contact-details';
import type { Ref } from 'react';
import { internationalPhoneText, listPhoneCountries, nextPhoneValue, type PhoneValue } from '../phone-format';
import styles from './phone-input.module.css';

type PhoneInputProps = {
  /** The number input's id (the field's label points at it). */
  id: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  countryLabel?: string;
};

/**
 * A country calling-code picker beside a telephone number that formats as it is typed (spec section 2, step 2).
 * The picker is a native select (keyboard and screen readers work as everywhere), drawn compactly as 'GB +44', or
 * as 'GB' alone once the number itself starts with +44 (international form), so the code never shows twice.
 */
export function PhoneInput({
  id,
  value,
  onChange,
  onBlur,
  invalid = false,
  describedBy,
  inputRef,
  countryLabel = 'Telephone country code',
}: PhoneInputProps) {
  const countries = listPhoneCountries();
  const selected = countries.find((country) => country.code === value.country);
  const numberShowsCode = selected !== undefined && value.number.startsWith(`+${selected.callingCode}`);
  return (
    <div className={styles.phone} data-invalid={invalid || undefined}>
      <div className={styles.country}>
        <span className={styles.display} aria-hidden="true">
          {selected ? (
            <>
              <span className={styles.code}>{selected.code}</span>
              {numberShowsCode ? null : ` +${selected.callingCode}`}
            </>
          ) : (
            'Code'
          )}
          <svg viewBox="0 0 12 12" className={styles.chevron} aria-hidden="true" focusable="false">
            <path d="m2.5 4.5 3.5 3.5 3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </span>
        <select
          className={styles.select}
          aria-label={countryLabel}
          aria-invalid={invalid && !selected ? true : undefined}
          value={value.country}
          onChange={(event) => onChange({ country: event.target.value, number: value.number })}
          onBlur={onBlur}
        >
          {selected ? null : <option value="">Choose a country code</option>}
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name} (+{country.callingCode})
            </option>
          ))}
        </select>
      </div>
      <input
        ref={inputRef}
        id={id}
        className={styles.number}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={value.number}
        onChange={(event) => onChange(nextPhoneValue(event.target.value, value.number, value.country))}
        onBlur={() => {
          const international = internationalPhoneText(value.number, value.country);
          if (international !== value.number) onChange({ country: value.country, number: international });
          onBlur?.();
        }}
      />
    </div>
  );
}
