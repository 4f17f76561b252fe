/**
 * Tests only: the messages step 2's contact form shows, word for word as spec section 5 gives them, once every field
 * the visitor fills in is left empty (the country keeps the browser's own), in the form's order. The form's unit
 * test and the browser journey both check them.
 */
export const EMPTY_CONTACT_DETAILS_MESSAGES = [
  'Please select whether you are the lead player',
  'Please enter your first name',
  'Please enter your last name',
  'Please enter an email address',
  'Please enter a telephone number',
  'Please enter the first line of your address',
  'Please enter a city',
  'Please enter a county/state',
  'Please enter a postcode/zipcode',
];
