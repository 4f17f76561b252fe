import type { ReactElement, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageFrame } from '@/components/layouts/page-frame';
import { ButtonLink } from '@/components/ui/button';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { Spinner } from '@/components/ui/spinner';
import { useOperatorDetails } from '@/features/account/api/get-operator-details';
import { AccountDetailsForm } from '@/features/account/components/account-details-form';
import { ACCOUNT_LOAD_ERROR } from '@/features/account/components/account-messages';
import { AccountSummary } from '@/features/account/components/account-summary';
import { Colleagues } from '@/features/account/components/colleagues';
import { CompanyDetails } from '@/features/account/components/company-details';
import { OwnBookings } from '@/features/account/components/own-bookings';
import { UpdatePasswordForm } from '@/features/account/components/update-password-form';
import { type Operator, useUser } from '@/features/auth/api/get-user';
import { OperatorOnly } from '@/features/auth/components/auth-guards';
import { GroupBookingForm } from '@/features/group-booking/components/group-booking-form';
import { usePageTitle } from '@/hooks/use-page-title';
import styles from './frames.module.css';

/** The forms' place while they load: they will be taller than the screen (see below). */
function FormsLoading() {
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

function AccountForms({ operator }: { operator: Operator }) {
  const details = useOperatorDetails();
  if (details.isPending) return <FormsLoading />;
  if (details.isError) return <LoadFailedAlert title={ACCOUNT_LOAD_ERROR} query={details} />;
  // The company's own account keeps its details and its colleagues; a colleague reads the details (issue 24).
  const administrator = details.data.signed_in_as.administrator;
  return (
    <div className={styles.stack}>
      {administrator ? (
        <AccountDetailsForm details={details.data} />
      ) : (
        <CompanyDetails details={details.data} />
      )}
      <UpdatePasswordForm operatorId={operator.id} changeRequired={operator.password_change_required} />
      {administrator ? <Colleagues companyName={details.data.company_name} /> : null}
    </div>
  );
}

function ManageAccount() {
  const { operator } = useUser();
  // The same query the forms read: a colleague is welcomed by their own name (issue 24).
  const signedInAs = useOperatorDetails().data?.signed_in_as;
  if (!operator) return null;
  const welcome =
    signedInAs && !signedInAs.administrator
      ? `Welcome back, ${signedInAs.name}. You book for ${operator.company_name}.`
      : `Welcome back, ${operator.company_name}.`;
  return (
    <div className={styles['two-col']}>
      <AccountForms operator={operator} />
      <AccountSummary
        companyName={operator.company_name}
        depositPercent={operator.deposit_amount}
        tradeDiscountPercent={operator.trade_discount_percent}
        welcome={welcome}
      />
    </div>
  );
}

type OperatorPageProps = {
  title: string;
  lead: string;
  /** What holds the page's place while the session is checked: a spinner's label, or a placeholder of its own. */
  loading: string | ReactElement;
  children: ReactNode;
};

// The account pages' frames draw nothing from the session: they are drawn at once, before it is checked, and arrive
// prerendered (build/prerender-pages.ts), so what a phone paints first is the page's own title and lead.
function OperatorPage({ title, lead, loading, children }: OperatorPageProps) {
  usePageTitle(title);
  return (
    <PageFrame eyebrow="Tour operators" title={title} lead={lead}>
      <OperatorOnly loading={typeof loading === 'string' ? <Spinner label={loading} /> : loading}>
        {children}
      </OperatorOnly>
    </PageFrame>
  );
}

function ManageAccountRoute() {
  return (
    <OperatorPage
      title="Manage Account"
      lead="Keep your details and password up to date, with your company's terms beside them."
      loading={
        <div className={styles['two-col']}>
          <FormsLoading />
        </div>
      }
    >
      <ManageAccount />
    </OperatorPage>
  );
}

/** /my-bookings: a tour operator's own bookings (issue 24), reached from the operator's menu. */
function MyBookingsRoute() {
  return (
    <OperatorPage
      title="My Bookings"
      lead="Every booking your company has made: what each costs, what is paid and what is due, and by when."
      loading="Loading your bookings..."
    >
      <p className={styles.links}>
        <span className={styles.muted}>More than four golfers on one course and day?</span>
        <ButtonLink to="/group-booking" variant="secondary" size="sm">
          Book a group of 5 to 16
        </ButtonLink>
      </p>
      <OwnBookings />
    </OperatorPage>
  );
}

/** /group-booking: a group of 5 to 16 golfers on consecutive tee times of one course (issue 24). */
function GroupBookingRoute() {
  return (
    <OperatorPage
      title="Book a Group"
      lead="Five to sixteen golfers on one course and day: they play consecutive tee times, booked, paid and confirmed as one booking."
      loading="Loading the group booking..."
    >
      <GroupBookingForm />
    </OperatorPage>
  );
}

/** The operator's pages: one chunk for all three (see the router). */
export default function OperatorRoute() {
  const { pathname } = useLocation();
  if (pathname === '/group-booking') return <GroupBookingRoute />;
  return pathname === '/my-bookings' ? <MyBookingsRoute /> : <ManageAccountRoute />;
}
