import { useLocation } from 'react-router';
import { PageFrame } from '@/components/layouts/page-frame';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { Spinner } from '@/components/ui/spinner';
import { useOperatorDetails } from '@/features/account/api/get-operator-details';
import { AccountDetailsForm } from '@/features/account/components/account-details-form';
import { ACCOUNT_LOAD_ERROR } from '@/features/account/components/account-messages';
import { AccountSummary } from '@/features/account/components/account-summary';
import { OwnBookings } from '@/features/account/components/own-bookings';
import { UpdatePasswordForm } from '@/features/account/components/update-password-form';
import { type Operator, useUser } from '@/features/auth/api/get-user';
import { OperatorOnly } from '@/features/auth/components/auth-guards';
import { usePageTitle } from '@/hooks/use-page-title';
import styles from './frames.module.css';

function AccountForms({ operator }: { operator: Operator }) {
  const details = useOperatorDetails();
  if (details.isPending) {
    // The forms will be taller than the screen: their place is held, so on a phone the summary below them is not in
    // sight to be pushed down when they arrive (Lighthouse's mobile CLS counted 0.39).
    return (
      <div className={styles['forms-space']}>
        <div className={styles.card}>
          <Spinner label="Loading your account details..." />
        </div>
      </div>
    );
  }
  if (details.isError) {
    return (
      <LoadFailedAlert
        title={ACCOUNT_LOAD_ERROR}
        error={details.error}
        onRetry={() => void details.refetch()}
      />
    );
  }
  return (
    <div className={styles.stack}>
      <AccountDetailsForm details={details.data} />
      <UpdatePasswordForm operatorId={operator.id} changeRequired={operator.password_change_required} />
    </div>
  );
}

function ManageAccount() {
  const { operator } = useUser();
  if (!operator) return null;
  return (
    <PageFrame
      eyebrow="Tour operators"
      title="Manage Account"
      lead={`Welcome back, ${operator.company_name}. Keep your company's details and password up to date.`}
    >
      <div className={styles['two-col']}>
        <AccountForms operator={operator} />
        <AccountSummary
          companyName={operator.company_name}
          depositPercent={operator.deposit_amount}
          tradeDiscountPercent={operator.trade_discount_percent}
        />
      </div>
    </PageFrame>
  );
}

function ManageAccountRoute() {
  usePageTitle('Manage Account');
  return (
    <OperatorOnly>
      <ManageAccount />
    </OperatorOnly>
  );
}

/** /my-bookings: a tour operator's own bookings (issue 24), reached from the operator's menu. */
function MyBookingsRoute() {
  usePageTitle('My Bookings');
  return (
    <OperatorOnly>
      <PageFrame
        eyebrow="Tour operators"
        title="My Bookings"
        lead="Every booking your company has made: what each costs, what is paid and what is due, and by when."
      >
        <OwnBookings />
      </PageFrame>
    </OperatorOnly>
  );
}

/** The operator's pages: one chunk for both (see the router). */
export default function OperatorRoute() {
  const { pathname } = useLocation();
  return pathname === '/my-bookings' ? <MyBookingsRoute /> : <ManageAccountRoute />;
}
