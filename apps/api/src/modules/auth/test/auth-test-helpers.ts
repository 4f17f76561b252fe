import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { mailOutbox } from '../../../db/schema/index.ts';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../../../lib/session-token.ts';
import { apiHeaders, cookieHeader, withCsrf } from '../../../test/test-app.ts';
import { createOperator } from '../../operators/manage-operators.ts';

export const PASSWORD = 'Fairway-2026!';
export const NEW_PASSWORD = 'Buddon-Links-77?';

export async function addOperator(
  db: Db,
  overrides: { username?: string; depositAmount?: number; password?: string } = {},
) {
  const { operator } = await createOperator(db, {
    companyName: 'Fairway Golf Tours',
    username: overrides.username ?? 'fairway',
    email: 'ops@fairway-tours.example',
    depositAmount: overrides.depositAmount,
    password: overrides.password ?? PASSWORD,
  });
  return operator;
}

export type Browser = { cookie: string; token: string; headers: Record<string, string> };

export function browserFrom(response: LightMyRequestResponse, previous?: Browser): Browser {
  const cookie = cookieHeader(response) || (previous?.cookie ?? '');
  const token = response.cookies.find((c) => c.name === XSRF_COOKIE)?.value ?? previous?.token ?? '';
  return {
    cookie,
    token,
    headers: apiHeaders({ cookie, [XSRF_HEADER]: token, 'content-type': 'application/json' }),
  };
}

export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
}

export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress = '127.0.0.1',
): Promise<{ response: LightMyRequestResponse; before: Browser; after: Browser }> {
  const before = await withCsrf(app);
  const response = await app.inject({
    method: 'POST',
    url: '/v1/login',
    headers: before.headers,
    payload: { username, password },
    remoteAddress,
  });
  return { response, before, after: browserFrom(response, before) };
}

export async function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  const csrf = await withCsrf(app);
  const response = await app.inject({
    method: 'POST',
    url,
    headers: csrf.headers,
    payload: payload as object,
    remoteAddress,
  });
  // What the call started after answering (a reset e-mail) is done, as it is long before a person reads the mail.
  await app.afterAnswer.idle();
  return response;
}

export async function getUser(app: FastifyInstance, cookie: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/v1/user', headers: apiHeaders({ cookie }) });
}

/** The token in the newest reset e-mail (read from the outbox, as the operator would read their inbox). */
export async function latestResetToken(db: Db): Promise<{ token: string; username: string; to: string }> {
  // Other e-mails (a password-changed notice) may have come since: the newest that carries a reset link.
  const rows = (await db.select().from(mailOutbox)).filter((row) => row.text.includes('/reset?t='));
  const last = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
  const match = last?.text.match(/\/reset\?t=([A-Za-z0-9_-]+)&u=([^\s]+)/);
  if (!last || !match?.[1] || !match[2]) throw new Error('No reset e-mail in the outbox');
  return { token: match[1], username: decodeURIComponent(match[2]), to: last.to };
}
