import type { StaffRole, StaffUser } from '@links/shared/schemas/staff';
import { lazy, Suspense, useEffect } from 'react';
import { type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useStaffMe } from './api/staff-api';
import styles from './components/staff.module.css';
import { StaffAccount } from './components/staff-account';
import { StaffAudit } from './components/staff-audit';
import { StaffBookingPage } from './components/staff-booking-page';
import { StaffBookings } from './components/staff-bookings';
import { StaffNewBooking } from './components/staff-new-booking';
import { StaffOperations } from './components/staff-operations';
import { StaffOperatorPage, StaffOperators } from './components/staff-operators';
import { StaffPricesPage } from './components/staff-prices';
import { StaffShell } from './components/staff-shell';
import { StaffSignIn } from './components/staff-sign-in';
import { StaffTeeSheet } from './components/staff-tee-sheet';
import { StaffTeeWindowsPage } from './components/staff-tee-windows';
import { StaffUsers } from './components/staff-users';

// The reports and their chart library load only when the page is opened (issue 23).
const StaffReports = lazy(() => import('./components/reports/staff-reports'));

/** A staff page and the roles that may open it (the API refuses the others whatever the page shows). */
export type StaffPage = {
  path: string;
  label: string;
  roles: readonly StaffRole[];
  element: React.ReactNode;
};

export const STAFF_PAGES: readonly StaffPage[] = [
  {
    path: 'tee-sheet',
    label: 'Tee sheet',
    roles: ['admin', 'reservations', 'starter'],
    element: <StaffTeeSheet />,
  },
  { path: 'bookings', label: 'Bookings', roles: ['admin', 'reservations'], element: <StaffBookings /> },
  {
    path: 'operators',
    label: 'Tour operators',
    roles: ['admin', 'reservations'],
    element: <StaffOperators />,
  },
  { path: 'prices', label: 'Prices', roles: ['admin', 'reservations'], element: <StaffPricesPage /> },
  {
    path: 'tee-windows',
    label: 'Tee windows',
    roles: ['admin', 'reservations'],
    element: <StaffTeeWindowsPage />,
  },
  {
    path: 'reports',
    label: 'Reports',
    roles: ['admin', 'reservations'],
    element: (
      <Suspense fallback={<Spinner label="Loading the reports..." />}>
        <StaffReports />
      </Suspense>
    ),
  },
  { path: 'users', label: 'Staff users', roles: ['admin'], element: <StaffUsers /> },
  { path: 'audit', label: 'Audit log', roles: ['admin'], element: <StaffAudit /> },
  { path: 'operations', label: 'Operations', roles: ['admin'], element: <StaffOperations /> },
  {
    path: 'account',
    label: 'Your account',
    roles: ['admin', 'reservations', 'starter'],
    element: <StaffAccount />,
  },
];

export function pagesFor(user: StaffUser): StaffPage[] {
  return STAFF_PAGES.filter((page) => page.roles.includes(user.role));
}

/** To the user's first page (not React Router's <Navigate>, which the public entry does not otherwise carry). */
function ToFirstPage({ path }: { path: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(`/staff/${path}`, { replace: true });
  }, [navigate, path]);
  return null;
}

/** /staff/bookings/:number (the number read from the address: useParams would add to the public entry). */
function BookingRoute() {
  const { pathname, state } = useLocation();
  const number = pathname.split('/').at(-1) ?? '';
  // A page that made the booking (booking for a caller) says so here.
  const notice = (state as { notice?: unknown } | null)?.notice;
  return (
    <StaffBookingPage key={number} bookingNumber={number} notice={typeof notice === 'string' ? notice : ''} />
  );
}

/** /staff/operators/:id (read from the address, like a booking's number). */
function OperatorRoute() {
  const { pathname } = useLocation();
  const id = Number(pathname.split('/').at(-1));
  return Number.isInteger(id) && id > 0 ? (
    <StaffOperatorPage key={id} operatorId={id} />
  ) : (
    <p className={styles.page}>There is no such tour operator.</p>
  );
}

function SignedIn({ user }: { user: StaffUser }) {
  const pages = pagesFor(user);
  const first = pages[0]?.path ?? 'account';
  const routes: RouteObject[] = [
    { index: true, element: <ToFirstPage path={first} /> },
    ...pages.map((page) => ({ path: page.path, element: page.element })),
    ...(pages.some((page) => page.path === 'bookings')
      ? [
          { path: 'bookings/new', element: <StaffNewBooking /> },
          { path: 'bookings/:number', element: <BookingRoute /> },
        ]
      : []),
    ...(pages.some((page) => page.path === 'operators')
      ? [{ path: 'operators/:id', element: <OperatorRoute /> }]
      : []),
    { path: '*', element: <ToFirstPage path={first} /> },
  ];
  const element = useRoutes(routes);
  return (
    <StaffShell user={user} pages={pages}>
      {element}
    </StaffShell>
  );
}

/** /staff/*: the sign-in until this browser has a full staff session, then the pages of the user's role. */
export function StaffApp() {
  const me = useStaffMe();
  if (me.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner size="lg" label="Loading the staff area..." />
      </div>
    );
  }
  if (!me.data) return <StaffSignIn />;
  return <SignedIn user={me.data} />;
}
