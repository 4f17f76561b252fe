import { XSRF_COOKIE, XSRF_HEADER } from '../../lib/session-token.ts';

// A browser over real HTTP, cookies kept by hand: whatever Set-Cookie any server answers goes into one jar, and
// every call sends the jar's cookies and echoes XSRF-TOKEN in X-XSRF-TOKEN, as the web client does. The jar does
// not care which server it talks to, so one browser can alternate between processes.

export type HttpAnswer = {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  json: unknown;
};

export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly apiKey: string,
    /** Sent as X-Forwarded-For (the servers trust a proxy): the client address this browser appears from. */
    public address?: string,
  ) {}

  /** Another browser holding the same cookies now (a stolen or earlier copy of this one's session). */
  copy(address = this.address): Browser {
    const twin = new Browser(this.apiKey, address);
    for (const [name, value] of this.cookies) twin.cookies.set(name, value);
    return twin;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** GET /csrf on `server`: the session cookie (if absent) and XSRF-TOKEN, as the web client fetches first. */
  async csrf(server: { url: string }): Promise<void> {
    const answer = await this.call(server, 'GET', '/csrf');
    if (answer.status !== 200) throw new Error(`GET /csrf answered ${answer.status}: ${answer.text}`);
    if (!this.cookies.get(XSRF_COOKIE)) throw new Error('GET /csrf set no XSRF-TOKEN cookie');
  }

  async call(server: { url: string }, method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    const headers: Record<string, string> = {
      'x-api-key': this.apiKey,
      'x-requested-with': 'XMLHttpRequest',
    };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    if (this.address) headers['x-forwarded-for'] = this.address;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    for (const setCookie of response.headers.getSetCookie()) this.store(setCookie);
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  private store(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';');
    const separator = pair.indexOf('=');
    if (separator <= 0) return;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', raw = ''] = attribute.split('=');
      const lower = key.trim().toLowerCase();
      return (
        (lower === 'max-age' && Number(raw) <= 0) || (lower === 'expires' && Date.parse(raw) <= Date.now())
      );
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** The `{error:{code,message}}` envelope of an answer, or a failure naming what came instead. */
export function errorOf(answer: HttpAnswer): { code: string; message: string } {
  const error = (answer.json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
    throw new Error(`not an error envelope (${answer.status}): ${answer.text.slice(0, 300)}`);
  }
  return { code: error.code, message: error.message };
}

/** How many answers came with each status, for a burst's log line. */
export function statusCounts(answers: HttpAnswer[]): Record<number, number> {
  return answers.reduce<Record<number, number>>((counts, answer) => {
    counts[answer.status] = (counts[answer.status] ?? 0) + 1;
    return counts;
  }, {});
}
