import { LazyErrorPage } from '@/features/errors/components/lazy-error-page';

export function NotFoundRoute() {
  return <LazyErrorPage status={404} statusText="Not Found" />;
}
