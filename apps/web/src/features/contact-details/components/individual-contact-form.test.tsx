// @vitest-environment happy-dom
import { INDIVIDUAL_CONTACT_MESSAGES as M } from '@links/shared/schemas/contact-details';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { BookingShell } from '../../booking-flow/components/booking-shell';
import { BookingProvider } from '../../booking-flow/state/booking-context';
import { type BookingState, initialBookingState } from '../../booking-flow/state/booking-state';
import { BOOKING_STORAGE_KEY } from '../../booking-flow/state/booking-storage';
import { IndividualContactForm } from './individual-contact-form';

const intent = {
  id: 'pi_1',
  client_secret: 'pi_1_secret_x',
  amount: 24000,
  status: 'requires_payment_method',
  metadata: { booking_number: '1001' },
};

function heldBooking(): BookingState {
  return {
    ...initialBookingState,
    golfers: [{ id: 1, playerTypeId: 1 }],
    totals: { net: 20000, vat: 4000, payable: 24000, paid: 0, due: 24000 },
    booking: { ...initialBookingState.booking, id: 42, date_created: new Date().toISOString() },
  };
}

type Answer = { status: number; body: unknown } | 'network-down';
let detailsAnswers: Answer[] = [];
const calls: { url: string; body: unknown }[] = [];

function stubApi() {
  // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the anti-forgery token from this cookie.
  document.cookie = 'XSRF-TOKEN=test-token';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/v1/time') return Response.json({ data: { server_time: new Date().toISOString() } });
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      const answer = detailsAnswers.shift() ?? {
        status: 200,
        body: { data: { payment_intent: intent, confirmation_url: null } },
      };
      if (answer === 'network-down') throw new TypeError('Failed to fetch');
      return Response.json(answer.body, { status: answer.status });
    }),
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderForm(state: BookingState = heldBooking()) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/contact-details']}>
      <BookingProvider initialState={state}>
        <Where />
        <Routes>
          <Route
            path="/contact-details"
            element={
              <BookingShell step={2} eyebrow="Step 2 of 3" heading="Add contact details" lead="Lead">
                <IndividualContactForm />
              </BookingShell>
            }
          />
          <Route path="/" element={<p>Step one</p>} />
          <Route path="/payment-details" element={<p>Payment step</p>} />
          <Route path="/confirmation/:n" element={<p>Confirmation page</p>} />
        </Routes>
      </BookingProvider>
    </MemoryRouter>,
  );
}

const field = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement;

async function typeInto(element: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.focus(element);
    fireEvent.change(element, { target: { value } });
    fireEvent.blur(element);
  });
}

async function fillValid() {
  await act(async () => {
    fireEvent.click(screen.getByLabelText(/Yes, I am the lead player/));
  });
  await typeInto(field('First name'), 'Ada');
  await typeInto(field('Last name'), 'Lovelace');
  await typeInto(field('Email address'), 'ada@example.com');
  await typeInto(field('Telephone number'), '07400 123456');
  await typeInto(field('Address line 1'), '1 Links Road');
  await typeInto(field('Town or city'), 'Carnoustie');
  await typeInto(field('County/State'), 'Angus');
  await typeInto(field('Postcode/Zipcode'), 'DD7 7JE');
}

const continueButton = () => screen.getByRole('button', { name: 'Continue to payment' }) as HTMLButtonElement;

describe('individual contact form', () => {
  beforeEach(() => {
    detailsAnswers = [];
    calls.length = 0;
    stubApi();
    // A visitor whose browser asks for British English: the form's default country is GB.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    window.sessionStorage.clear();
  });

  it('shows each section 5 message when a field is left empty or wrong', async () => {
    renderForm();
    await waitFor(() => expect(field('Country').value).toBe('GB'));
    const radio = screen.getByLabelText(/Yes, I am the lead player/);
    await act(async () => {
      fireEvent.focus(radio);
      fireEvent.blur(radio);
    });
    for (const label of ['First name', 'Last name', 'Email address', 'Telephone number', 'Address line 1']) {
      await typeInto(field(label), '');
    }
    for (const label of ['Town or city', 'County/State', 'Postcode/Zipcode'])
      await typeInto(field(label), '');
    await waitFor(() => expect(screen.getByText(M.postcode)).toBeTruthy());
    for (const message of [
      M.playerType,
      M.firstName,
      M.surname,
      M.email,
      M.telephone,
      M.addressLine1,
      M.city,
      M.county,
      M.postcode,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(field('First name').getAttribute('aria-describedby')).toContain('error');
    await typeInto(field('Email address'), 'ada@');
    await waitFor(() => expect(screen.getByText(M.emailInvalid)).toBeTruthy());
    await typeInto(field('Telephone number'), '0044 7700 9001');
    expect(field('Telephone number').value).toBe('+44 7700 9001');
    await waitFor(() => expect(screen.getByText(M.telephoneInvalid)).toBeTruthy());
    await act(async () => {
      fireEvent.change(field('Country'), { target: { value: '' } });
      fireEvent.blur(field('Country'));
    });
    await waitFor(() => expect(screen.getByText(M.country)).toBeTruthy());
    expect(continueButton().disabled).toBe(true);
  });

  it('asks for the lead player when booking for someone else', async () => {
    renderForm();
    await act(async () => {
      fireEvent.click(screen.getByLabelText(/No, I am booking for someone else/));
    });
    await typeInto(field("Lead player's name"), '');
    await waitFor(() => expect(screen.getByText(M.leadPlayerName)).toBeTruthy());
    await act(async () => {
      fireEvent.focus(field("Lead player's country"));
      fireEvent.blur(field("Lead player's country"));
    });
    await waitFor(() => expect(screen.getAllByText(M.leadCountry).length).toBeGreaterThan(0));
  });

  it("defaults country and phone code to the browser languages' region, without any call", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'fr', 'en']);
    renderForm();
    await waitFor(() => expect(field('Country').value).toBe('FR'));
    expect(field('Telephone country code').value).toBe('FR');
    expect(calls.filter((call) => !call.url.startsWith('/v1/'))).toEqual([]);
  });

  it('switches the phone country on a + prefix naming another country', async () => {
    renderForm();
    await waitFor(() => expect(field('Telephone country code').value).toBe('GB'));
    await typeInto(field('Telephone number'), '0033612345678');
    expect(field('Telephone number').value).toBe('+33 6 12 34 56 78');
    expect(field('Telephone country code').value).toBe('FR');
  });

  it('enables Continue once valid, saves, stores the payment intent and goes to payment', async () => {
    renderForm();
    expect(continueButton().disabled).toBe(true);
    await fillValid();
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(field('Telephone number').value).toBe('+44 7400 123456');
    await act(async () => {
      fireEvent.click(continueButton());
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/payment-details'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/v1/bookings/42/details');
    expect(calls[0]?.body).toMatchObject({
      player_type: 'lead_player',
      lead_player_name: 'Lovelace',
      lead_player_country_code: 'GB',
      email_address: 'ada@example.com',
      telephone_country_code: 'GB',
      telephone_number: '+44 7400 123456',
      country: 'GB',
      stay_connected: false,
    });
    const stored = JSON.parse(window.sessionStorage.getItem(BOOKING_STORAGE_KEY) ?? '{}');
    expect(stored.state.booking.payment_intent).toEqual(intent);
    expect(stored.state.playerDetails).toMatchObject({ first_name: 'Ada', validated: true });
  });

  it('copies edits into booking state after a 500 ms pause', async () => {
    renderForm();
    await typeInto(field('First name'), 'Grace');
    const stored = () => JSON.parse(window.sessionStorage.getItem(BOOKING_STORAGE_KEY) ?? '{}');
    expect(stored().state.playerDetails.first_name).toBe('');
    await waitFor(() => expect(stored().state.playerDetails.first_name).toBe('Grace'), { timeout: 1500 });
  });

  it('goes back to step 1 with a Back link, keeping an edit made inside the 500 ms pause', async () => {
    renderForm();
    await typeInto(field('First name'), 'Grace');
    const back = screen.getByRole('link', { name: 'Back to step 1: Create experience' });
    expect(back.getAttribute('href')).toBe('/');
    await act(async () => {
      fireEvent.click(back);
    });
    expect(screen.getByTestId('where').textContent).toBe('/');
    const stored = JSON.parse(window.sessionStorage.getItem(BOOKING_STORAGE_KEY) ?? '{}');
    expect(stored.state.playerDetails.first_name).toBe('Grace');
  });

  it('goes straight on when nothing changed since the last save', async () => {
    renderForm();
    await fillValid();
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await act(async () => {
      fireEvent.click(continueButton());
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/payment-details'));
    const saved = JSON.parse(window.sessionStorage.getItem(BOOKING_STORAGE_KEY) ?? '{}')
      .state as BookingState;
    cleanup();
    renderForm(saved);
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await act(async () => {
      fireEvent.click(continueButton());
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/payment-details'));
    expect(calls).toHaveLength(1);
  });

  it('shows the server message with field errors, or the ERR-022 fallback when there is no answer', async () => {
    detailsAnswers = [
      {
        status: 400,
        body: {
          error: {
            message: 'Please check the highlighted fields.',
            code: 'validation_failed',
            fields: { email_address: 'This address cannot receive mail', _: 'Something else is wrong' },
          },
        },
      },
      'network-down',
    ];
    renderForm();
    await fillValid();
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await act(async () => {
      fireEvent.click(continueButton());
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There was an error with your details');
    expect(alert.textContent).toContain('Please check the highlighted fields.');
    expect(alert.textContent).toContain('Something else is wrong');
    expect(screen.getByText('This address cannot receive mail')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/contact-details');
    await typeInto(field('Email address'), 'grace@example.com');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await act(async () => {
      fireEvent.click(continueButton());
    });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'An unexpected error occurred, please try again. If the problem persists, please contact us quoting ERR-022.',
      ),
    );
  });

  it('follows a confirmation URL when the server returns one', async () => {
    detailsAnswers = [
      { status: 200, body: { data: { payment_intent: intent, confirmation_url: '/confirmation/1001' } } },
    ];
    renderForm();
    await fillValid();
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await act(async () => {
      fireEvent.click(continueButton());
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/confirmation/1001'));
  });
});
