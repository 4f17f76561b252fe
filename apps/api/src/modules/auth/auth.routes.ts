import {
  emptyResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  resetPasswordRequestSchema,
  userResponseSchema,
  validateTokenRequestSchema,
} from '@links/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataRoutes, noStore } from '../data-route.ts';
import { currentOperator } from './current-operator.ts';
import { operatorSessionView } from './operator-session-view.ts';
import { deleteSession } from './operator-sessions.ts';
import { requestPasswordReset, resetPassword, validateResetLink } from './password-reset.ts';
import { signInOperator } from './sign-in-operator.ts';

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

  route.post(
    '/logout',
    {
      summary: 'Ends the session server-side and starts a fresh anonymous one (new cookies)',
      body: z.object({}).nullish(),
      response: emptyResponseSchema,
    },
    async (request, reply) => {
      noStore(reply);
      if (request.sessionId) await deleteSession(app.db, request.sessionId);
      reply.issueSession();
      return {};
    },
  );

  route.post(
    '/forgot-password',
    {
      summary: 'E-mails a reset link when the account exists; the same answer either way',
      body: forgotPasswordRequestSchema,
      response: emptyResponseSchema,
    },
    async (request, reply) => {
      noStore(reply);
      await requestPasswordReset(request, reply, request.body.username);
      return {};
    },
  );

  route.post(
    '/validate-token',
    {
      summary: 'Checks a reset link (400 reset_link_invalid when unknown, used or expired)',
      body: validateTokenRequestSchema,
      response: emptyResponseSchema,
    },
    async (request, reply) => {
      noStore(reply);
      await validateResetLink(request, reply, request.body);
      return {};
    },
  );

  route.post(
    '/reset',
    {
      summary: 'Sets a new password with a reset link; signs the account out everywhere',
      body: resetPasswordRequestSchema,
      response: emptyResponseSchema,
    },
    async (request, reply) => {
      noStore(reply);
      await resetPassword(request, reply, request.body);
      return {};
    },
  );
};
