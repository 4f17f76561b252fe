import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { matchRoutes, type RouteObject, useNavigate, useRoutes } from 'react-router';
import { PageLoading } from '@/components/layouts/page-loading';
import { paths } from '@/config/paths';
import { setApiNavigator } from '@/lib/api-client';
import { AppLayout } from './app-layout';
import { NotFoundRoute } from './not-found-route';
// `/` is where nearly every visit starts, and it arrives prerendered: its route is part of the entry, so the page
// hydrates in one pass as soon as the entry has run, with no second request. Every other page is its own chunk.
import { HomeRoute } from './routes/home';

type PageModule = { default: ComponentType };

/**
 * A lazy page whose chunk main.tsx can load before the first render, which then draws the page at once: left to
 * React.lazy, even a chunk that is already here suspends the first render, which commits the loading frame and draws
 * the page (and asks for its data) only on a later pass. `loaded` is set before the first render or never, so a page
 * is one or the other for the whole visit.
 */
function page(load: () => Promise<PageModule>) {
  let loaded: ComponentType | undefined;
  const LazyPage = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, at module level, like lazy() itself.
  function Page() {
    const Component = loaded ?? LazyPage;
    return <Component />;
  }
  return Object.assign(Page, {
    preload: () =>
      load().then((module) => {
        loaded = module.default;
      }),
  });
}

const ContactDetailsRoute = page(() => import('./routes/contact-details'));
const PaymentDetailsRoute = page(() => import('./routes/payment-details'));
const ConfirmationRoute = page(() => import('./routes/confirmation'));
const LoginRoute = page(() => import('./routes/login'));
const ForgotPasswordRoute = page(() => import('./routes/forgot-password'));
const ResetPasswordRoute = page(() => import('./routes/reset-password'));
// The operator's pages (/manage-account, /my-bookings, /group-booking) are one module, which shows the page of its path: each chunk
// and each lazy route is paid for again in the entry, which every visit to `/` loads.
const OperatorRoute = page(() => import('./routes/manage-account'));
const StaffRoute = page(() => import('./routes/staff'));
const MaintenanceRoute = page(() => import('./routes/maintenance'));

export const routes: RouteObject[] = [
  // The staff area has its own frame (no public header, footer or booking state).
  {
    path: paths.staff.path,
    element: (
      <Suspense fallback={<PageLoading />}>
        <StaffRoute />
      </Suspense>
    ),
  },
  {
    // The layout's error boundary (PageErrorBoundary) shows the error page for a page that fails to render.
    element: <AppLayout />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
      { path: paths.contactDetails.path, element: <ContactDetailsRoute /> },
      { path: paths.paymentDetails.path, element: <PaymentDetailsRoute /> },
      { path: paths.confirmation.path, element: <ConfirmationRoute /> },
      { path: paths.bookingConfirmation.path, element: <ConfirmationRoute /> },
      { path: paths.login.path, element: <LoginRoute /> },
      { path: paths.forgotPassword.path, element: <ForgotPasswordRoute /> },
      { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
      { path: paths.manageAccount.path, element: <OperatorRoute /> },
      { path: '/my-bookings', element: <OperatorRoute /> },
      { path: '/group-booking', element: <OperatorRoute /> },
      { path: paths.maintenance.path, element: <MaintenanceRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/** Loads the chunk of the page at this path, when it has one, so the first render finds it ready (main.tsx only). */
export function preloadPage(pathname: string): Promise<unknown> | undefined {
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element as
    | { type?: { preload?: () => Promise<unknown> } }
    | undefined;
  return element?.type?.preload?.();
}

/**
 * The site's routes in declarative mode (<BrowserRouter> + useRoutes): the data router's loader, action and
 * fetcher machinery is ~17 KB gzipped of JavaScript that `/` would carry for nothing, as no route loads data
 * through the router. Errors thrown while rendering a page are caught by the layout's boundary, which declarative
 * mode needs anyway: it has no `errorElement`.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  // The API client has no React context; it navigates through this (e.g. home on a 503).
  useEffect(() => {
    setApiNavigator((to) => {
      void navigate(to);
    });
  }, [navigate]);
  return useRoutes(routes);
}
