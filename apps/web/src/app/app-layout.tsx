import { Outlet, ScrollRestoration } from 'react-router';
import { RootLayout } from '../components/layouts/root-layout';
import { SiteFooter } from '../components/layouts/site-footer';
import { SiteHeader } from '../components/layouts/site-header';
import { ModalProvider } from '../components/ui/modal';
import { useUser } from '../features/auth/api/get-user';
import { useLogoutFlow } from '../features/auth/hooks/use-logout-flow';
import { BookingProvider } from '../features/booking-flow/state/booking-context';

function Chrome() {
  const { operator, isLoading } = useUser();
  const startLogout = useLogoutFlow();
  return (
    <RootLayout
      header={
        <SiteHeader
          operatorName={operator ? operator.company_name || 'Tour Operator' : null}
          authLoading={isLoading}
          onLogout={startLogout}
        />
      }
      footer={<SiteFooter isOperator={operator !== null} onLogout={startLogout} />}
    >
      <Outlet />
    </RootLayout>
  );
}

/**
 * Header, main and footer around every page; modals live inside the router so they can navigate. The booking
 * state wraps everything so every step (and the header's leave warnings) share one booking.
 */
export function AppLayout() {
  return (
    <BookingProvider>
      <ModalProvider>
        <Chrome />
        <ScrollRestoration />
      </ModalProvider>
    </BookingProvider>
  );
}
