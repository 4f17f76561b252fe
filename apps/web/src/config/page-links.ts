import type { PageLinks } from './site-config';

/** Resolved from VITE_* variables when the site is built (site-config.ts): only later pages read these. */
declare const __PAGE_LINKS__: PageLinks;

export const pageLinks: Readonly<PageLinks> = __PAGE_LINKS__;
