import { type ComponentType, lazy, useEffect } from 'react';
import { type RouteObject, useNavigate, useRoutes } from 'react-router';
import { paths } from '../config/paths';
import { setApiNavigator } from '../lib/api-client';
import { AppLayout } from './app-layout';
import { NotFoundRoute, RouteError } from './route-error';

// Every page is its own chunk so the JavaScript for `/` carries none of the others.
const LazyHomeRoute = lazy(() => import('./routes/home').then((m) => ({ default: m.HomeRoute })));

let loadedHomeRoute: ComponentType | null = null;

/**
 * Loads the home route's chunk ahead of rendering. The prerendered `/` is hydrated only after this, so the whole page
 * hydrates in one pass: a lazy route hydrated later could render data (or a maintenance 503) that arrived in the
 * meantime, which no longer matches the markup.
 */
export async function loadHomeRoute(): Promise<void> {
  loadedHomeRoute = (await import('./routes/home')).HomeRoute;
}

function HomeRoute() {
  const Loaded = loadedHomeRoute;
  return Loaded ? <Loaded /> : <LazyHomeRoute />;
}
const ContactDetailsRoute = lazy(() =>
  import('./routes/contact-details').then((m) => ({ default: m.ContactDetailsRoute })),
);
const PaymentDetailsRoute = lazy(() =>
  import('./routes/payment-details').then((m) => ({ default: m.PaymentDetailsRoute })),
);
const ConfirmationRoute = lazy(() =>
  import('./routes/confirmation').then((m) => ({ default: m.ConfirmationRoute })),
);
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
const ForgotPasswordRoute = lazy(() =>
  import('./routes/forgot-password').then((m) => ({ default: m.ForgotPasswordRoute })),
);
const ResetPasswordRoute = lazy(() =>
  import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })),
);
const ManageAccountRoute = lazy(() =>
  import('./routes/manage-account').then((m) => ({ default: m.ManageAccountRoute })),
);
const MaintenanceRoute = lazy(() =>
  import('./routes/maintenance').then((m) => ({ default: m.MaintenanceRoute })),
);

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // A second boundary inside the layout keeps the header and footer on errors from pages.
        errorElement: <RouteError />,
        children: [
          { path: paths.home.path, element: <HomeRoute /> },
          { path: paths.contactDetails.path, element: <ContactDetailsRoute /> },
          { path: paths.paymentDetails.path, element: <PaymentDetailsRoute /> },
          { path: paths.confirmation.path, element: <ConfirmationRoute /> },
          { path: paths.bookingConfirmation.path, element: <ConfirmationRoute /> },
          { path: paths.login.path, element: <LoginRoute /> },
          { path: paths.forgotPassword.path, element: <ForgotPasswordRoute /> },
          { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
          { path: paths.manageAccount.path, element: <ManageAccountRoute /> },
          { path: paths.maintenance.path, element: <MaintenanceRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

/**
 * The site's routes in declarative mode (<BrowserRouter> + useRoutes): the data router's loader, action and
 * fetcher machinery is ~17 KB gzipped of JavaScript that `/` would carry for nothing, as no route loads data
 * through the router. Errors thrown while rendering a page are caught by the layout's boundary instead of
 * `errorElement` (kept above for tests that mount `routes` in a memory data router).
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
