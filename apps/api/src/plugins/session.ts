import { parseCookie, type SetCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { boundedMemo } from '../lib/bounded-memo.ts';
import {
  deriveCsrfToken,
  isWellFormedSessionId,
  newSessionId,
  SESSION_COOKIE,
  SESSION_MEMO_LIMIT,
  type SessionKind,
  signCookieValue,
  unsignCookieValue,
  XSRF_COOKIE,
} from '../lib/session-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session id from the signed session cookie, or null when absent or tampered with. */
    sessionId: string | null;
  }
  interface FastifyReply {
    /**
     * Starts a new session: new id in the signed HttpOnly cookie and a matching XSRF-TOKEN cookie. Call it on
     * login and privilege changes to rotate the id (the old XSRF token stops validating). Returns the new id.
     * `operator` (operator sign-in only) and `staff` (staff sign-in only) issue ids recognisable as such: see
     * isOperatorSessionId and isStaffSessionId.
     */
    issueSession(kind?: SessionKind): string;
    /** Sets XSRF-TOKEN for the current session, issuing a session first when there is none. */
    issueCsrfToken(): void;
  }
}

// The session id read from this request's cookie: undefined until first asked for (most requests never ask).
const SESSION_CACHE = 'linksSessionIdCache';

type SessionRequest = FastifyRequest & { [SESSION_CACHE]: string | null | undefined };

/**
 * Cookies without a cookie plugin's hooks, which would parse every request's Cookie header and run an onSend step on
 * every reply: here the Cookie header is read the first time a route asks for request.sessionId, and cookies are set
 * as Set-Cookie headers directly, signed by lib/session-token.ts.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    const { sessionSecret, secureCookies } = app.config;

    // Browser-session cookies (no Max-Age): the booking flow lives within one visit, and closing the browser
    // should end an operator's session on a shared computer.
    const base = { path: '/', sameSite: 'lax', secure: secureCookies } as const;
    const setCookie = (reply: FastifyReply, cookie: SetCookie) =>
      reply.header('set-cookie', stringifySetCookie({ ...base, ...cookie }));
    // XSRF-TOKEN is readable by the page's script, which echoes it in X-XSRF-TOKEN.
    const setCsrfCookie = (reply: FastifyReply, sessionId: string) =>
      setCookie(reply, {
        name: XSRF_COOKIE,
        value: deriveCsrfToken(sessionSecret, sessionId),
        httpOnly: false,
      });

    // The signature check (an HMAC) of each signed cookie value seen lately, so a visit's later requests skip it.
    const unsignSessionCookie = boundedMemo(
      SESSION_MEMO_LIMIT,
      (raw): string | null => {
        const unsigned = unsignCookieValue(sessionSecret, raw);
        return unsigned && isWellFormedSessionId(unsigned) ? unsigned : null;
      },
      (sessionId) => sessionId !== null,
    );
    const readSessionId = (request: FastifyRequest): string | null => {
      const header = request.headers.cookie;
      if (!header) return null;
      const raw = parseCookie(header)[SESSION_COOKIE];
      return raw ? unsignSessionCookie(raw) : null;
    };

    app.decorateRequest(SESSION_CACHE, undefined);
    app.decorateRequest('sessionId', {
      getter(this: FastifyRequest) {
        const request = this as SessionRequest;
        let sessionId = request[SESSION_CACHE];
        if (sessionId === undefined) {
          sessionId = readSessionId(request);
          request[SESSION_CACHE] = sessionId;
        }
        return sessionId;
      },
      setter(this: FastifyRequest, sessionId: string | null) {
        (this as SessionRequest)[SESSION_CACHE] = sessionId;
      },
    });
    app.decorateReply('issueSession', function issueSession(kind: SessionKind = 'visitor') {
      const sessionId = newSessionId(kind);
      setCookie(this, {
        name: SESSION_COOKIE,
        value: signCookieValue(sessionSecret, sessionId),
        httpOnly: true,
      });
      setCsrfCookie(this, sessionId);
      this.request.sessionId = sessionId;
      return sessionId;
    });
    app.decorateReply('issueCsrfToken', function issueCsrfToken() {
      const { sessionId } = this.request;
      if (!sessionId) {
        this.issueSession();
        return;
      }
      setCsrfCookie(this, sessionId);
    });
  },
  { name: 'session' },
);
