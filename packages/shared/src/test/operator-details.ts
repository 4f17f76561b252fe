import type { OperatorDetails } from '../schemas/operator-account';

/**
 * Tests only: a tour operator's contact details as GET /v1/user/details answers them. The API's test saves them and
 * reads them back; the web's tests are answered them.
 */
export const OPERATOR_DETAILS: OperatorDetails = {
  company_name: 'Fairway Golf Tours',
  title: 'Mrs',
  email_address: 'desk@fairway-tours.example',
  telephone_country_code: 'GB',
  telephone_number: '+441241853789',
  fax_number: '',
  address_line1: '12 Links Parade',
  address_line2: '',
  city: 'Carnoustie',
  county: 'Angus',
  post_code: 'DD7 7JE',
  country_code: 'GB',
  // The company's own account: its contact address is its own.
  signed_in_as: {
    name: 'Fairway Golf Tours',
    username: 'fairway',
    email_address: 'desk@fairway-tours.example',
    administrator: true,
  },
};
