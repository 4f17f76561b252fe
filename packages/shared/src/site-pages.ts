// The pages the web app draws, for the server to tell a page from an unknown path: an unknown path is answered 404
// (with the app, which draws its error page) so links, crawlers and monitors see the truth. The web's router is
// tested against this list (apps/web/src/app/site-pages.test.ts).

/** Route patterns as React Router writes them; `:name` is one path segment, a final `/*` any rest (the staff area). */
export const SITE_PAGE_PATTERNS = [
  '/',
  '/contact-details',
  '/payment-details',
  '/confirmation',
  '/confirmation/:bookingNumber',
  '/login',
  '/forgot-password',
  '/reset',
  '/manage-account',
  '/my-bookings',
  '/group-booking',
  '/maintenance',
  '/staff/*',
] as const;

const MATCHERS = SITE_PAGE_PATTERNS.map(
  (pattern) =>
    new RegExp(
      `^${pattern
        .replace(/\/\*$/, '(?:/.*)?')
        .replace(/:[A-Za-z]+/g, '[^/]+')
        .replace(/\/$/, '')}/?$`,
    ),
);

/** Whether `pathname` (no query) is one of the site's pages; a trailing slash is allowed, as the router allows it. */
export function isSitePage(pathname: string): boolean {
  return MATCHERS.some((matcher) => matcher.test(pathname));
}
