// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CADDIE_PRICES_ERROR_TITLE,
  CADDIE_PRICES_FALLBACK,
  CADDIES_CASH_NOTE,
  CaddieExtras,
  type CaddieExtrasProps,
  type CaddieRound,
  NO_CADDIES_WITHIN_24_HOURS,
  ROUNDS_WITHIN_24_HOURS,
} from './caddie-extras';

const championship: CaddieRound = {
  courseId: 1,
  courseName: 'Championship Course',
  teeTime: new Date('2026-07-14T08:10:00.000Z'),
  eligible: true,
  caddies: 2,
  caddiesTotal: 12000,
};
const burnside: CaddieRound = {
  courseId: 2,
  courseName: 'Burnside Course',
  teeTime: new Date('2026-07-10T13:00:00.000Z'),
  eligible: false,
  caddies: 0,
  caddiesTotal: 0,
};

function renderExtras(overrides: Partial<CaddieExtrasProps> = {}) {
  const props: CaddieExtrasProps = {
    rounds: [championship, burnside],
    golferCount: 2,
    option: 'all',
    pricePerCaddie: { 1: 6000, 2: 6000 },
    pricesError: null,
    onOptionChange: vi.fn(),
    onCountChange: vi.fn(),
    ...overrides,
  };
  render(<CaddieExtras {...props} />);
  return props;
}

describe('CaddieExtras', () => {
  afterEach(cleanup);

  it('offers nothing but the alert when every round is within 24 hours', () => {
    renderExtras({ rounds: [{ ...championship, eligible: false }, burnside] });
    expect(screen.getByText(NO_CADDIES_WITHIN_24_HOURS)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('lists the rounds within 24 hours and caps the count at the golfer count', async () => {
    const props = renderExtras();
    expect(screen.getByText(ROUNDS_WITHIN_24_HOURS)).toBeTruthy();
    expect(screen.getByText('Burnside Course, 10th July 2026 at 2:00pm')).toBeTruthy();
    const count = screen.getByLabelText('Caddies per round') as HTMLSelectElement;
    expect([...count.options].map((option) => option.textContent)).toEqual([
      'No caddies required',
      'One (1)',
      'Two (2)',
    ]);
    expect(count.value).toBe('2');
    await userEvent.setup().selectOptions(count, '1');
    expect(props.onCountChange).toHaveBeenCalledWith(1, 1);
    expect(screen.getByText('£60.00 per caddie')).toBeTruthy();
    expect(screen.getByText('£120.00')).toBeTruthy();
    expect(screen.getByText(CADDIES_CASH_NOTE)).toBeTruthy();
  });

  it('disables "some" with a single eligible round and reports option changes', async () => {
    const props = renderExtras();
    expect((screen.getByRole('radio', { name: /Caddies on some rounds/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    await userEvent.setup().click(screen.getByRole('radio', { name: /No caddies/ }));
    expect(props.onOptionChange).toHaveBeenCalledWith('none');
  });

  it('shows a count per round for "some" and the caddie pricing error with its fallback', () => {
    renderExtras({
      rounds: [championship, { ...burnside, eligible: true }],
      option: 'some',
      pricePerCaddie: null,
      pricesError: '',
    });
    expect(screen.getByLabelText('Caddies on the Championship Course')).toBeTruthy();
    expect(screen.getByLabelText('Caddies on the Burnside Course')).toBeTruthy();
    expect(screen.getByText(CADDIE_PRICES_ERROR_TITLE)).toBeTruthy();
    expect(screen.getByText(CADDIE_PRICES_FALLBACK)).toBeTruthy();
  });
});
