import type { SiteEnv } from './site-config';

/** Resolved from VITE_* variables when the site is built (site-config.ts). */
declare const __SITE_ENV__: SiteEnv;

export const env: Readonly<SiteEnv> = __SITE_ENV__;
