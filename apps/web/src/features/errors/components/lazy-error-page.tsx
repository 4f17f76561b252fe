import { type ComponentProps, lazy, Suspense } from 'react';
import type ErrorPageType from './error-page';

// The error page is its own chunk: `/`, where nearly every visit starts, never shows it. Should that chunk fail to load
// as well (offline after a deploy), one plain line says so rather than an empty page.
const ErrorPage = lazy(() =>
  import('./error-page').catch(() => ({
    default: () => <p className="container">An unknown error occurred</p>,
  })),
);

/** The error page (spec section 2), loaded when first shown. */
export function LazyErrorPage(props: ComponentProps<typeof ErrorPageType>) {
  return (
    <Suspense fallback={null}>
      <ErrorPage {...props} />
    </Suspense>
  );
}
