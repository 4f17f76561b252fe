import {
  emptyResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  resetPasswordRequestSchema,
  userResponseSchema,
  validateTokenRequestSchema,
} from '@links/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DataRouteRequest, dataRoutes, noStore } from '../data-route.ts';
import { currentOperator } from './current-operator.ts';
import { operatorSessionView } from './operator-session-view.ts';
import { deleteSession } from './operator-sessions.ts';
import { requestPasswordReset, resetPassword, validateResetLink } from './password-reset.ts';
import { signInOperator } from './sign-in-operator.ts';

type EmptyAnswerSpec<Body extends z.ZodType> = {
  summary: string;
  body: Body;
  response: typeof emptyResponseSchema;
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = dataRoutes(app, ['auth']);

  route.get(
    '/user',
    { summary: 'The signed-in tour operator, or null when signed out', response: userResponseSchema },
    async (request, reply) => {
      noStore(reply);
      // Every visitor's page asks: being signed out is an answer, not an error (a 401 here was logged in every
      // anonymous visitor's console). Spec section 4: no data leaves the user signed out.
      const signedIn = await currentOperator(request);
      return signedIn ? operatorSessionView(signedIn) : null;
    },
  );

  route.post(
    '/login',
    {
      summary: 'Signs a tour operator in: new session id, new XSRF-TOKEN',
      body: loginRequestSchema,
      response: loginResponseSchema,
    },
    async (request, reply) => {
      noStore(reply);
      return operatorSessionView(await signInOperator(request, reply, request.body));
    },
  );

  /** A POST answered only by its status (an empty body), never kept by a cache: sign-out and the reset-link steps. */
  const emptyPost = <Body extends z.ZodType>(
    url: string,
    spec: { summary: string; body: Body },
    act: (request: DataRouteRequest<EmptyAnswerSpec<Body>>, reply: FastifyReply) => Promise<void>,
  ) =>
    route.post(url, { ...spec, response: emptyResponseSchema }, async (request, reply) => {
      noStore(reply);
      await act(request, reply);
      return {};
    });

  emptyPost(
    '/logout',
    {
      summary: 'Ends the session server-side and starts a fresh anonymous one (new cookies)',
      body: z.object({}).nullish(),
    },
    async (request, reply) => {
      if (request.sessionId) await deleteSession(app.db, request.sessionId);
      reply.issueSession();
    },
  );

  emptyPost(
    '/forgot-password',
    {
      summary: 'E-mails a reset link when the account exists; the same answer either way',
      body: forgotPasswordRequestSchema,
    },
    (request, reply) => requestPasswordReset(request, reply, request.body.username),
  );

  emptyPost(
    '/validate-token',
    {
      summary: 'Checks a reset link (400 reset_link_invalid when unknown, used or expired)',
      body: validateTokenRequestSchema,
    },
    (request, reply) => validateResetLink(request, reply, request.body),
  );

  emptyPost(
    '/reset',
    {
      summary: 'Sets a new password with a reset link; signs the account out everywhere',
      body: resetPasswordRequestSchema,
    },
    (request, reply) => resetPassword(request, reply, request.body),
  );
};
