import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../features/errors/components/error-page';

/** Router errorElement: a thrown Response shows its status; anything else is an unknown error. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} statusText={error.statusText} />;
  return <ErrorPage />;
}

export function NotFoundRoute() {
  return <ErrorPage status={404} statusText="Not Found" />;
}
