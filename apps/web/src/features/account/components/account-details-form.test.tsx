// @vitest-environment happy-dom
import { operatorDetailsResponseSchema } from '@links/shared/schemas/operator-account';
import { EMPTY_OPERATOR_DETAILS_MESSAGES } from '@links/shared/test/operator-details-form';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_OPERATOR_DETAILS as DETAILS } from '@/test/api-fixtures';
import { answer, type Received, recorded, requestLog, v1 } from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { serveRefusal } from '@/test/serve-refusal';
import { useApiPage } from '@/test/use-api-page';
import { AccountDetailsForm, formatTelephone } from './account-details-form';
import { ACCOUNT_SAVE_ERROR_HEADING, ACCOUNT_SAVE_SUCCESS } from './account-messages';

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
  const server = useApiPage('test-token');

  it('company name is read-only; required fields and phone validity use the section 5 messages', async () => {
    const requests = requestLog();
    const user = userEvent.setup();
    renderWithProviders(<AccountDetailsForm details={DETAILS} />);
    const company = screen.getByLabelText('Company name') as HTMLInputElement;
    expect(company.readOnly).toBe(true);
    expect(company.value).toBe('Fairway Golf Tours');

    await user.clear(screen.getByLabelText('Email address'));
    await user.clear(screen.getByLabelText('Telephone number'));
    await user.type(screen.getByLabelText('Telephone number'), '12345');
    await user.clear(screen.getByLabelText('Address line one'));
    await user.clear(screen.getByLabelText('City'));
    await user.clear(screen.getByLabelText('Postcode'));
    await user.selectOptions(screen.getByLabelText('Country'), 'Select a country');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    // The messages the API answers the form sent empty, but for the number typed: there, but not a valid one.
    const shown = {
      ...EMPTY_OPERATOR_DETAILS_MESSAGES,
      telephone_number: 'Please enter a valid telephone number',
    };
    for (const message of Object.values(shown)) expect(await screen.findByText(message)).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('saves the request body and shows a dismissible success banner', async () => {
    const calls: Received[] = [];
    server.use(
      http.post(
        v1('/user/details'),
        recorded(calls, (_info, { body }) =>
          answer(operatorDetailsResponseSchema, {
            data: { ...DETAILS, city: (body as { city: string }).city },
          }),
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<AccountDetailsForm details={DETAILS} />);
    // The stored number (+441241853789) shows formatted from the start.
    expect((screen.getByLabelText('Telephone number') as HTMLInputElement).value).toBe('+44 1241 853789');
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Monifieth');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    const banner = await screen.findByText(ACCOUNT_SAVE_SUCCESS, {}, { timeout: 10_000 });
    // Issue 24: where the operator is looking: the outcome above the form takes the focus.
    await waitFor(() => expect(document.activeElement?.contains(banner)).toBe(true));
    expect(calls[0]?.body).toEqual({
      title: 'Mrs',
      email_address: 'desk@fairway-tours.example',
      telephone_country_code: 'GB',
      telephone_number: '+44 1241 853789',
      address_lines: ['12 Links Parade', ''],
      city: 'Monifieth',
      county: 'Angus',
      post_code: 'DD7 7JE',
      country_code: 'GB',
    });
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    await waitFor(() => expect(banner.isConnected).toBe(false));
  });

  it('a refused save shows the error heading with the server message', async () => {
    serveRefusal('post', '/user/details', 400, {
      code: 'validation_failed',
      message: 'Please enter a valid telephone number',
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountDetailsForm details={DETAILS} />);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain(ACCOUNT_SAVE_ERROR_HEADING);
    expect(alert.textContent).toContain('Please enter a valid telephone number');
  });
});
