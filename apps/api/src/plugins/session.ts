import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  deriveCsrfToken,
  isWellFormedSessionId,
  newSessionId,
  SESSION_COOKIE,
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
     */
    issueSession(): string;
    /** Sets XSRF-TOKEN for the current session, issuing a session first when there is none. */
    issueCsrfToken(): void;
  }
}

export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    const { sessionSecret, secureCookies } = app.config;
    await app.register(fastifyCookie, { secret: sessionSecret });

    // Browser-session cookies (no Max-Age): the booking flow lives within one visit, and closing the browser
    // should end an operator's session on a shared computer.
    const base = { path: '/', sameSite: 'lax', secure: secureCookies } as const;

    app.decorateRequest('sessionId', null);
    app.decorateReply('issueSession', function issueSession() {
      const sessionId = newSessionId();
      this.setCookie(SESSION_COOKIE, sessionId, { ...base, httpOnly: true, signed: true });
      this.setCookie(XSRF_COOKIE, deriveCsrfToken(sessionSecret, sessionId), { ...base, httpOnly: false });
      this.request.sessionId = sessionId;
      return sessionId;
    });
    app.decorateReply('issueCsrfToken', function issueCsrfToken() {
      const { sessionId } = this.request;
      if (!sessionId) {
        this.issueSession();
        return;
      }
      this.setCookie(XSRF_COOKIE, deriveCsrfToken(sessionSecret, sessionId), { ...base, httpOnly: false });
    });

    app.addHook('onRequest', (request, _reply, done) => {
      const raw = request.cookies[SESSION_COOKIE];
      if (raw) {
        const unsigned = request.unsignCookie(raw);
        if (unsigned.valid && unsigned.value && isWellFormedSessionId(unsigned.value)) {
          request.sessionId = unsigned.value;
        }
      }
      done();
    });
  },
  { name: 'session' },
);
