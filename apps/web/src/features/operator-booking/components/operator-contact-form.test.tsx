// @vitest-environment happy-dom
import { operatorPaymentOptions } from '@links/shared/payment-terms';
import { OPERATOR_CONTACT_MESSAGES } from '@links/shared/schemas/operator-contact-details';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { methodSchedules } from '../operator-payment-copy';
import { OperatorContactForm, type OperatorFormValues } from './operator-contact-form';

const EMPTY: OperatorFormValues = {
  first_name: '',
  surname: '',
  lead_player_country_code: '',
  payment_method: '',
  terms_and_conditions_agreed: false,
};
const TODAY = '2026-11-21';
/** 10:00 UK on TODAY. */
const BOOKED_AT = new Date('2026-11-21T10:00:00Z');

function renderForm(playDate: string, depositPercent: number, onSubmit = vi.fn()) {
  render(
    <OperatorContactForm
      id="operator-form"
      initialValues={EMPTY}
      options={operatorPaymentOptions([playDate], TODAY, depositPercent)}
      payablePence={40_001}
      depositPercent={depositPercent}
      schedules={methodSchedules(['online', 'deposit', 'offline'], {
        bookedAt: BOOKED_AT,
        playDates: [playDate],
        totalPence: 40_001,
        depositPercent,
      })}
      onValuesChange={vi.fn()}
      onValidityChange={vi.fn()}
      onSubmit={onSubmit}
      // The step puts its submit button here, beside the sections.
      aside={<button type="submit">Continue</button>}
    />,
  );
  return onSubmit;
}

const methods = () => within(screen.getByRole('group', { name: 'Payment method' }));

describe('OperatorContactForm', () => {
  afterEach(cleanup);

  it('offers online (recommended), a deposit with its amount, and pay later 31 days out', () => {
    renderForm('2026-12-22', 50);
    expect(methods().getAllByRole('radio')).toHaveLength(3);
    expect(methods().getByText('Recommended')).toBeTruthy();
    const deposit = methods().getByRole('radio', { name: /Pay a 50% deposit/ }) as HTMLInputElement;
    expect(deposit.disabled).toBe(false);
    // 31 days out the whole price is due within 7 days (spec section 9), whatever the method: the options say
    // so with the date, not the 42-days-before-play and 30-day terms that apply further out.
    expect(
      methods().getByText(
        'Pay £200.01 by card now; the balance of £200.00 is due by Saturday 28th November 2026.',
      ),
    ).toBeTruthy();
    expect(
      methods().getByText('No card payment now: pay £400.01 by phone by Saturday 28th November 2026.'),
    ).toBeTruthy();
    expect(methods().queryByText('within 30 days')).toBeNull();
    expect(screen.getByText(/Deposits are paid within one calendar month/)).toBeTruthy();
  });

  it('90 days out: the balance is due 42 days before play and pay later within 30 days of booking', () => {
    renderForm('2027-02-19', 50);
    expect(
      methods().getByText(
        'Pay £200.01 by card now; the balance of £200.00 is due by Friday 8th January 2027.',
      ),
    ).toBeTruthy();
    expect(
      methods().getByText('No card payment now: pay £400.01 by phone by Monday 21st December 2026.'),
    ).toBeTruthy();
  });

  it('30 days out: deposit and pay later are disabled and labelled within 30 days', () => {
    renderForm('2026-12-21', 50);
    expect((methods().getByRole('radio', { name: /Pay online/ }) as HTMLInputElement).disabled).toBe(false);
    expect((methods().getByRole('radio', { name: /deposit/ }) as HTMLInputElement).disabled).toBe(true);
    expect((methods().getByRole('radio', { name: /Pay later/ }) as HTMLInputElement).disabled).toBe(true);
    expect(methods().getAllByText('within 30 days')).toHaveLength(2);
  });

  it('no deposit option for an operator whose deposit is 0', () => {
    renderForm('2027-02-01', 0);
    expect(methods().getAllByRole('radio')).toHaveLength(2);
    expect(methods().queryByRole('radio', { name: /deposit/ })).toBeNull();
  });

  it('shows every section 5 message, then submits the parsed details', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm('2027-02-01', 50);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    for (const message of [
      OPERATOR_CONTACT_MESSAGES.firstName,
      OPERATOR_CONTACT_MESSAGES.surname,
      OPERATOR_CONTACT_MESSAGES.leadCountry,
      OPERATOR_CONTACT_MESSAGES.terms,
      OPERATOR_CONTACT_MESSAGES.paymentMethod,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('First name'), ' Morag ');
    await user.type(screen.getByLabelText('Surname'), 'Fairbairn');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await user.click(screen.getByRole('checkbox'));
    await user.click(methods().getByRole('radio', { name: /Pay later/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      first_name: 'Morag',
      surname: 'Fairbairn',
      lead_player_country_code: 'GB',
      payment_method: 'offline',
      terms_and_conditions_agreed: true,
    });
  });
});
