import type { AppConfig } from '../../config/env.ts';

const MAX_RETURN_URL_LENGTH = 2048;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
// Only used to parse relative paths; never appears in an answer.
const PARSE_BASE = 'http://return-url.invalid';

/**
 * Where the sandbox may send a browser back to after 3-D Secure: a path on this site, or an absolute URL on the
 * public origin (in development also any localhost port, where the Vite dev server runs). Anything else would turn
 * the challenge page into an open redirect. Returns the normalised URL, or null when it is not allowed.
 */
export function allowedReturnUrl(
  value: string,
  config: Pick<AppConfig, 'publicUrl' | 'isProduction'>,
): string | null {
  if (value.length === 0 || value.length > MAX_RETURN_URL_LENGTH) return null;
  if (value.startsWith('/')) {
    // '//host' and '/\host' are protocol-relative to browsers: another site.
    if (value.startsWith('//') || value.startsWith('/\\')) return null;
    const url = new URL(value, PARSE_BASE);
    if (url.origin !== PARSE_BASE) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const publicOrigin = new URL(config.publicUrl).origin;
  if (url.origin === publicOrigin) return url.toString();
  if (!config.isProduction && LOCAL_HOSTS.has(url.hostname)) return url.toString();
  return null;
}

/** Appends query parameters to a return URL (absolute or a path), keeping what it already carries. */
export function withQueryParameters(returnUrl: string, parameters: Record<string, string>): string {
  const relative = returnUrl.startsWith('/');
  const url = new URL(returnUrl, PARSE_BASE);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
