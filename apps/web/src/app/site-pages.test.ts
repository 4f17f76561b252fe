import { SITE_PAGE_PATTERNS } from '@links/shared/site-pages';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

describe('the pages the server knows', () => {
  it('are exactly the routes the app draws (anything else is answered 404)', () => {
    // The staff area is a top-level route of its own; the public pages are the children of the site's layout.
    const drawn = routes
      .flatMap((route) => route.children ?? [route])
      .map((route) => route.path)
      .filter((path) => path !== '*');
    expect([...drawn].sort()).toEqual([...SITE_PAGE_PATTERNS].sort());
  });
});
