// What a visitor's paid booking sends the API, as the web client sends it. Plain data, no Playwright: the bench
// (bench/lib/site-pages.ts) pays its booking with the same bodies as the e2e journeys.

/** The lead golfer's contact details (PATCH /v1/bookings/{id}/details), reachable at `email`. */
export function leadGolferDetails(email: string) {
  return {
    player_type: 'lead_player',
    lead_player_name: '',
    lead_player_country_code: 'GB',
    title: 'Mr',
    first_name: 'Tom',
    surname: 'Morris',
    email_address: email,
    telephone_country_code: 'GB',
    telephone_number: '07400 123456',
    address_line_1: '1 Links Parade',
    city: 'Carnoustie',
    county: 'Angus',
    postcode: 'DD7 7JE',
    country: 'GB',
    stay_connected: false,
  };
}

/** The sandbox card that succeeds (POST /v1/sandbox/payment_intents/{id}/confirm), valid for two more years. */
export function succeedingCard() {
  return {
    number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 2,
    cvc: '123',
  };
}
