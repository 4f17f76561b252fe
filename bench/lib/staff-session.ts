import { totpCode } from '../../apps/api/src/modules/staff/totp.ts';
import { openSession } from './bookings.ts';

// A starter at the first tee, signed in as staff sign in (password, then the authenticator's code), so the bench can
// measure what one open tee sheet costs the API: the sheet reads itself again every TEE_SHEET_REFRESH_MS while it is
// in view (decision record 014), so its read rate bounds how many open sheets one instance serves.

export const BENCH_STAFF = {
  username: 'bench-starter',
  name: 'Bench Starter',
  email: 'bench-starter@example.com',
  role: 'starter',
  password: 'Starter-bench-2026!',
} as const;

/** The staff CLI's arguments that create BENCH_STAFF (its password from STAFF_PASSWORD). */
export function staffCliArgs(): string[] {
  return [
    'create',
    '--username',
    BENCH_STAFF.username,
    '--name',
    BENCH_STAFF.name,
    '--email',
    BENCH_STAFF.email,
    '--role',
    BENCH_STAFF.role,
  ];
}

/** The session's cookies by name; each answer's Set-Cookie replaces them (sign-in rotates the session at each step). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(header: string | undefined) {
    for (const pair of (header ?? '').split('; ').filter(Boolean)) this.set(pair);
  }

  private set(pair: string): void {
    this.cookies.set(pair.split('=')[0] ?? '', pair);
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) this.set(line.split(';')[0] ?? '');
  }

  get header(): string {
    return [...this.cookies.values()].join('; ');
  }

  /** The CSRF token the API expects in X-XSRF-TOKEN: the session's XSRF-TOKEN cookie (it rotates with the session). */
  get xsrf(): string {
    const pair = this.cookies.get('XSRF-TOKEN') ?? '';
    return decodeURIComponent(pair.slice('XSRF-TOKEN='.length));
  }
}

async function post(
  appUrl: string,
  headers: Record<string, string>,
  jar: CookieJar,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${appUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, cookie: jar.header, 'x-xsrf-token': jar.xsrf },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  jar.take(response);
  return (JSON.parse(text) as { data: Record<string, unknown> }).data;
}

/**
 * BENCH_STAFF signed in with both factors: the headers of its session (the API key, its cookies). Its first sign-in
 * enrols the factor, whose secret the answer shows once; the code made from it completes the sign-in.
 */
export async function staffHeaders(
  appUrl: string,
  apiHeaders: Record<string, string>,
): Promise<Record<string, string>> {
  const session = await openSession(appUrl, apiHeaders);
  const jar = new CookieJar(session.cookie);
  const signedIn = await post(appUrl, session, jar, '/v1/staff/session', {
    username: BENCH_STAFF.username,
    password: BENCH_STAFF.password,
  });
  if (signedIn.stage !== 'enrol' || typeof signedIn.secret !== 'string') {
    throw new Error(
      `the bench starter's first sign-in did not enrol a factor (stage ${String(signedIn.stage)})`,
    );
  }
  await post(appUrl, session, jar, '/v1/staff/session/code', { code: totpCode(signedIn.secret, new Date()) });
  return { ...apiHeaders, cookie: jar.header };
}
