// @vitest-environment happy-dom
import {
  INDIVIDUAL_CONTACT_MESSAGES as M,
  saveContactDetailsResponseSchema,
} from '@links/shared/schemas/contact-details';
import { timeResponseSchema } from '@links/shared/schemas/system';
import { EMPTY_CONTACT_DETAILS_MESSAGES } from '@links/shared/test/contact-details-form';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BookingState, initialBookingState } from '@/features/booking-flow/state/booking-state';
import { BOOKING_STORAGE_KEY } from '@/features/booking-flow/state/booking-storage';
import {
  answer,
  apiServer,
  type Received,
  recorded,
  refuse,
  requestLog,
  useApiServer,
  v1,
} from '@/test/api-server';
import { renderBookingRoutes, stepRoute } from '@/test/render-booking-routes';
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

/** The answers to the next saves, in order; any further save succeeds. */
let detailsAnswers: (() => Response)[] = [];
let calls: Received[] = [];
let requests: string[] = [];

function serveApi() {
  // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the anti-forgery token from this cookie.
  document.cookie = 'XSRF-TOKEN=test-token';
  requests = requestLog();
  apiServer.use(
    http.get(v1('/time'), () =>
      answer(timeResponseSchema, { data: { server_time: new Date().toISOString() } }),
    ),
    http.patch(
      v1('/bookings/:id/details'),
      recorded(calls, () => {
        const next = detailsAnswers.shift();
        return next
          ? next()
          : answer(saveContactDetailsResponseSchema, {
              data: { payment_intent: intent, confirmation_url: null },
            });
      }),
    ),
  );
}

function renderForm(state: BookingState = heldBooking()) {
  return renderBookingRoutes(
    state,
    { initialEntries: ['/contact-details'] },
    <>
      {stepRoute(2, <IndividualContactForm />)}
      <Route path="/" element={<p>Step one</p>} />
      <Route path="/payment-details" element={<p>Payment step</p>} />
      <Route path="/confirmation/:n" element={<p>Confirmation page</p>} />
    </>,
  );
}

const field = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement;

let user: ReturnType<typeof userEvent.setup>;

/** Replaces what the field holds with `value` (nothing: left empty) and leaves the field. */
async function typeInto(element: HTMLElement, value: string) {
  await user.clear(element);
  if (value) await user.type(element, value);
  await user.tab();
}

/** Enters and leaves a field without changing it. */
async function touch(element: HTMLElement) {
  act(() => element.focus());
  await user.tab();
}

async function fillValid() {
  await user.click(screen.getByLabelText(/Yes, I am the lead player/));
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
  useApiServer();
  beforeEach(() => {
    detailsAnswers = [];
    calls = [];
    serveApi();
    user = userEvent.setup();
    // A visitor whose browser asks for British English: the form's default country is GB.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('shows each section 5 message when a field is left empty or wrong', async () => {
    renderForm();
    await waitFor(() => expect(field('Country').value).toBe('GB'));
    await touch(screen.getByLabelText(/Yes, I am the lead player/));
    for (const label of ['First name', 'Last name', 'Email address', 'Telephone number', 'Address line 1']) {
      await typeInto(field(label), '');
    }
    for (const label of ['Town or city', 'County/State', 'Postcode/Zipcode'])
      await typeInto(field(label), '');
    await waitFor(() => expect(screen.getByText(M.postcode)).toBeTruthy());
    for (const message of EMPTY_CONTACT_DETAILS_MESSAGES) expect(screen.getByText(message)).toBeTruthy();
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(field('First name').getAttribute('aria-describedby')).toContain('error');
    await typeInto(field('Email address'), 'ada@');
    await waitFor(() => expect(screen.getByText(M.emailInvalid)).toBeTruthy());
    await typeInto(field('Telephone number'), '0044 7700 9001');
    expect(field('Telephone number').value).toBe('+44 7700 9001');
    await waitFor(() => expect(screen.getByText(M.telephoneInvalid)).toBeTruthy());
    await user.selectOptions(field('Country'), '');
    await user.tab();
    await waitFor(() => expect(screen.getByText(M.country)).toBeTruthy());
    expect(continueButton().disabled).toBe(true);
  });

  it('asks for the lead player when booking for someone else', async () => {
    renderForm();
    await user.click(screen.getByLabelText(/No, I am booking for someone else/));
    await typeInto(field("Lead player's name"), '');
    await waitFor(() => expect(screen.getByText(M.leadPlayerName)).toBeTruthy());
    await touch(field("Lead player's country"));
    await waitFor(() => expect(screen.getAllByText(M.leadCountry).length).toBeGreaterThan(0));
  });

  it("defaults country and phone code to the browser languages' region, without any call", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'fr', 'en']);
    renderForm();
    await waitFor(() => expect(field('Country').value).toBe('FR'));
    expect(field('Telephone country code').value).toBe('FR');
    expect(requests.filter((request) => !request.includes(`${window.location.origin}/v1/`))).toEqual([]);
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
    await user.click(continueButton());
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
    await user.click(back);
    expect(screen.getByTestId('where').textContent).toBe('/');
    const stored = JSON.parse(window.sessionStorage.getItem(BOOKING_STORAGE_KEY) ?? '{}');
    expect(stored.state.playerDetails.first_name).toBe('Grace');
  });

  it('goes straight on when nothing changed since the last save', async () => {
    renderForm();
    await fillValid();
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await user.click(continueButton());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/payment-details'));
    const saved = JSON.parse(window.sessionStorage.getItem(BOOKING_STORAGE_KEY) ?? '{}')
      .state as BookingState;
    cleanup();
    renderForm(saved);
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await user.click(continueButton());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/payment-details'));
    expect(calls).toHaveLength(1);
  });

  it('shows the server message with field errors, or the ERR-022 fallback when there is no answer', async () => {
    detailsAnswers = [
      () =>
        refuse(400, {
          message: 'Please check the highlighted fields.',
          code: 'validation_failed',
          fields: { email_address: 'This address cannot receive mail', _: 'Something else is wrong' },
        }),
      () => HttpResponse.error(),
    ];
    renderForm();
    await fillValid();
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await user.click(continueButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There was an error with your details');
    expect(alert.textContent).toContain('Please check the highlighted fields.');
    expect(alert.textContent).toContain('Something else is wrong');
    expect(screen.getByText('This address cannot receive mail')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/contact-details');
    await typeInto(field('Email address'), 'grace@example.com');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await user.click(continueButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'An unexpected error occurred, please try again. If the problem persists, please contact us quoting ERR-022.',
      ),
    );
  });

  it('follows a confirmation URL when the server returns one', async () => {
    detailsAnswers = [
      () =>
        answer(saveContactDetailsResponseSchema, {
          data: { payment_intent: intent, confirmation_url: '/confirmation/1001' },
        }),
    ];
    renderForm();
    await fillValid();
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await user.click(continueButton());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/confirmation/1001'));
  });
});
