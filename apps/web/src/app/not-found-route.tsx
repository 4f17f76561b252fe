import { ErrorPage } from '../features/errors/components/error-page';

export function NotFoundRoute() {
  return <ErrorPage status={404} statusText="Not Found" />;
}
