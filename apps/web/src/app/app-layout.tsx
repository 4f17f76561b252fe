import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { RootLayout } from '@/components/layouts/root-layout';
import { SiteFooter } from '@/components/layouts/site-footer';
import { SiteHeader } from '@/components/layouts/site-header';
import { ModalProvider } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { useLogoutFlow } from '@/features/auth/hooks/use-logout-flow';
import { BookingProvider } from '@/features/booking-flow/state/booking-context';
import { PageErrorBoundary } from '@/features/errors/components/error-boundary';
import { useMaintenanceNotice } from '@/lib/maintenance-notice';

function Chrome() {
  const { pathname } = useLocation();
  const { operator, isLoading } = useUser();
  const startLogout = useLogoutFlow();
  // Spec section 2: during maintenance nothing offers what cannot work (signing in among it).
  const signInClosed = useMaintenanceNotice() !== null || pathname === paths.maintenance.path;
  return (
    <RootLayout
      header={
        <SiteHeader
          operatorName={operator ? operator.company_name || 'Tour Operator' : null}
          authLoading={isLoading}
          onLogout={startLogout}
          signInClosed={signInClosed}
        />
      }
      footer={
        <SiteFooter isOperator={operator !== null} onLogout={startLogout} signInClosed={signInClosed} />
      }
    >
      <PageErrorBoundary key={pathname}>
        <Outlet />
      </PageErrorBoundary>
    </RootLayout>
  );
}

/** A new page starts at the top; back and forward (POP) leave the browser's own scroll restoration alone. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
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
        <ScrollToTop />
      </ModalProvider>
    </BookingProvider>
  );
}
