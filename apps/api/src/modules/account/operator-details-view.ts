import type { OperatorDetails } from '@links/shared';
import type { Operator } from '../operators/operators.repository.ts';

/**
 * The company's contact details as the account form reads them (absent values are empty strings), and who is signed
 * in: the company's own account or one of its colleagues.
 */
export function operatorDetailsView(operator: Operator, user: Operator): OperatorDetails {
  return {
    company_name: operator.companyName,
    title: operator.title ?? '',
    email_address: operator.email ?? '',
    telephone_country_code: operator.telephoneCountryCode ?? '',
    telephone_number: operator.telephoneNumber ?? '',
    fax_number: operator.faxNumber ?? '',
    address_line1: operator.addressLine1 ?? '',
    address_line2: operator.addressLine2 ?? '',
    city: operator.city ?? '',
    county: operator.county ?? '',
    post_code: operator.postCode ?? '',
    country_code: operator.countryCode ?? '',
    signed_in_as: {
      name: user.personName || user.companyName,
      username: user.username,
      email_address: user.email,
      administrator: user.companyId === null,
    },
  };
}
