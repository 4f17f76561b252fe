// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneInput } from './phone-input';

/** What a sighted visitor reads in the field: the picker's compact display, then the number typed. */
function visibleText(number: string, country = 'GB'): string {
  const { container } = render(<PhoneInput id="phone" value={{ country, number }} onChange={() => {}} />);
  const display = container.querySelector('[aria-hidden="true"]')?.textContent ?? '';
  const input = container.querySelector('input') as HTMLInputElement;
  return `${display} ${input.value}`;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('PhoneInput', () => {
  afterEach(cleanup);

  it('shows the calling code once: in the picker for a national number, in the number once it is international', () => {
    const national = visibleText('07400 123456');
    expect(national).toContain('GB +44');
    expect(occurrences(national, '+44')).toBe(1);
    cleanup();
    const international = visibleText('+44 7400 123456');
    expect(occurrences(international, '+44')).toBe(1);
    expect(international.trim().startsWith('GB')).toBe(true);
    cleanup();
    // A number on another code than the country chosen keeps the picker's code: both are worth seeing.
    expect(visibleText('+33 6 12 34 56 78')).toContain('GB +44');
  });
});
