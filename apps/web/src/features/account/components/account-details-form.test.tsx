// @vitest-environment happy-dom
import { ACCOUNT_DETAILS_MESSAGES, type OperatorDetails } from '@links/shared/schemas/operator-account';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { apiError, stubApi } from '../../auth/test/stub-api';
import { AccountDetailsForm, formatTelephone } from './account-details-form';
import { ACCOUNT_SAVE_ERROR_HEADING, ACCOUNT_SAVE_SUCCESS } from './account-messages';

const DETAILS: OperatorDetails = {
  company_name: 'Fairway Golf Tours',
  title: 'Mrs',
  email_address: 'bookings@fairway-tours.example',
  telephone_country_code: 'GB',
  telephone_number: '+441241853789',
  fax_number: '',
  address_line1: '12 Links Parade',
  address_line2: '',
  city: 'Carnoustie',
  county: 'Angus',
  post_code: 'DD7 7JE',
  country_code: 'GB',
};

describe('formatTelephone', () => {
  it('writes a valid number in international form and leaves anything else as typed', () => {
    expect(formatTelephone('01241 853789', 'GB')).toBe('+44 1241 853789');
    expect(formatTelephone('12345', 'GB')).toBe('12345');
    // A stored number arrives raw; a 555 number is not a valid one, yet it is shown formatted.
    expect(formatTelephone('+12025550143', 'US')).toBe('+1 202 555 0143');
  });
});

// Two selects of ~245 countries each make every render slow under happy-dom.
describe('AccountDetailsForm', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('company name is read-only; required fields and phone validity use the section 5 messages', async () => {
    stubApi(() => undefined);
    renderWithProviders(<AccountDetailsForm details={DETAILS} />);
    const company = screen.getByLabelText('Company name') as HTMLInputElement;
    expect(company.readOnly).toBe(true);
    expect(company.value).toBe('Fairway Golf Tours');

    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Telephone number'), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('Address line one'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    for (const message of [
      ACCOUNT_DETAILS_MESSAGES.email,
      ACCOUNT_DETAILS_MESSAGES.telephoneInvalid,
      ACCOUNT_DETAILS_MESSAGES.addressLine1,
      ACCOUNT_DETAILS_MESSAGES.city,
      ACCOUNT_DETAILS_MESSAGES.postCode,
      ACCOUNT_DETAILS_MESSAGES.country,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });

  it('saves the request body and shows a dismissible success banner', async () => {
    const calls = stubApi(({ url, body }) =>
      url === '/v1/user/details'
        ? Response.json({ data: { ...DETAILS, city: (body as { city: string }).city } })
        : undefined,
    );
    renderWithProviders(<AccountDetailsForm details={DETAILS} />);
    // The stored number (+441241853789) shows formatted from the start.
    expect((screen.getByLabelText('Telephone number') as HTMLInputElement).value).toBe('+44 1241 853789');
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Monifieth' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    const banner = await screen.findByText(ACCOUNT_SAVE_SUCCESS, {}, { timeout: 10_000 });
    // Issue 24: where the operator is looking: the outcome above the form takes the focus.
    await waitFor(() => expect(document.activeElement?.contains(banner)).toBe(true));
    expect(calls[0]?.body).toEqual({
      title: 'Mrs',
      email_address: 'bookings@fairway-tours.example',
      telephone_country_code: 'GB',
      telephone_number: '+44 1241 853789',
      address_lines: ['12 Links Parade', ''],
      city: 'Monifieth',
      county: 'Angus',
      post_code: 'DD7 7JE',
      country_code: 'GB',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    await waitFor(() => expect(banner.isConnected).toBe(false));
  });

  it('a refused save shows the error heading with the server message', async () => {
    stubApi(() => apiError(422, 'Please enter a valid telephone number'));
    renderWithProviders(<AccountDetailsForm details={DETAILS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain(ACCOUNT_SAVE_ERROR_HEADING);
    expect(alert.textContent).toContain('Please enter a valid telephone number');
  });
});
