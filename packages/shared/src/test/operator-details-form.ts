/**
 * Tests only: the operator account details form sent with every required field empty, and the message the spec
 * (section 5, manage account) gives each field, word for word. The schema's test and the API's both check them.
 */
export const EMPTY_OPERATOR_DETAILS = {
  email_address: '',
  telephone_number: '',
  address_lines: [''],
  city: '',
  post_code: '',
  country_code: '',
};

export const EMPTY_OPERATOR_DETAILS_MESSAGES = {
  email_address: 'Please enter an email address',
  telephone_number: 'Please enter a telephone number',
  'address_lines.0': 'Please enter an address',
  city: 'Please enter a city',
  post_code: 'Please enter a postcode',
  country_code: 'Please enter a country',
};
