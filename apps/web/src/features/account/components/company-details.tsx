import type { OperatorDetails } from '@links/shared/schemas/operator-account';
import { formatTelephone } from './account-details-form';
import styles from './account-forms.module.css';
import summaryStyles from './account-summary.module.css';

const REGION_NAMES = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/**
 * A colleague's view of the company's details (issue 24): read, not edited; the company's administrator keeps them.
 * Shown with who is signed in, so a colleague sees whose sign-in this is.
 */
export function CompanyDetails({ details }: { details: OperatorDetails }) {
  const address = [
    details.address_line1,
    details.address_line2,
    details.city,
    details.county,
    details.post_code,
    details.country_code && REGION_NAMES.of(details.country_code),
  ].filter(Boolean);
  const rows: [string, string][] = [
    ['Signed in as', `${details.signed_in_as.name} (${details.signed_in_as.username})`],
    ['Company', details.company_name],
    ['Company e-mail', details.email_address],
    [
      'Telephone',
      formatTelephone(details.telephone_number, details.telephone_country_code || details.country_code),
    ],
    ['Address', address.join(', ')],
  ];
  return (
    <section className={styles.form} aria-labelledby="company-details-title">
      <h2 id="company-details-title" className={styles.title}>
        Company details
      </h2>
      <p className={styles.intro}>
        You book for {details.company_name} as its colleague. Its details are kept by the company's
        administrator: ask them, or our reservations team, to change anything here.
      </p>
      <dl className={`${summaryStyles.list} ${styles.details}`}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
