import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import styles from './account-summary.module.css';

type AccountSummaryProps = {
  companyName: string;
  depositPercent: number;
  tradeDiscountPercent?: number;
  /** The signed-in person's welcome, above the company's terms. */
  welcome?: string;
};

export function AccountSummary({
  companyName,
  depositPercent,
  tradeDiscountPercent = 0,
  welcome,
}: AccountSummaryProps) {
  return (
    <aside className={styles.summary} aria-labelledby="account-summary-title">
      <h2 id="account-summary-title" className={styles.title}>
        Summary
      </h2>
      {welcome ? <p className={styles.welcome}>{welcome}</p> : null}
      <dl className={styles.list}>
        <div>
          <dt>Company name</dt>
          <dd>{companyName}</dd>
        </div>
        <div>
          <dt>Deposit amount</dt>
          <dd>{depositPercent}%</dd>
        </div>
        {tradeDiscountPercent > 0 ? (
          <div>
            <dt>Trade rate</dt>
            <dd>{tradeDiscountPercent}% off green fees</dd>
          </div>
        ) : null}
      </dl>
      <p className={styles.note}>
        {depositPercent > 0
          ? `You may pay a ${depositPercent}% deposit on bookings more than 30 days away, within one calendar month.`
          : 'Your account pays online in full or later by phone within 30 days.'}
        {tradeDiscountPercent > 0 ? ' Every price you are shown is already at your trade rate.' : ''}
      </p>
      <ButtonLink to={paths.home.getHref()} variant="secondary" block>
        Back to booking
      </ButtonLink>
      <ButtonLink to="/group-booking" variant="secondary" block>
        Book a group of 5 to 16
      </ButtonLink>
    </aside>
  );
}
