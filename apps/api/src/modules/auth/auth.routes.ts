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
import { currentOperator } from './current-operator.ts';
import { operatorSessionView } from './operator-session-view.ts';
import { deleteSession } from './operator-sessions.ts';
import { requestPasswordReset, resetPassword, validateResetLink } from './password-reset.ts';
import { signInOperator } from './sign-in-operator.ts';

// Answers about who is signed in must never be cached by the browser or a proxy.
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      schema: {
        summary: 'The signed-in tour operator, or null when signed out',
        tags: ['auth'],
        response: { 200: userResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      // Every visitor's page asks: being signed out is an answer, not an error (a 401 here was logged in every
      // anonymous visitor's console). Spec section 4: no data leaves the user signed out.
      const signedIn = await currentOperator(request);
      return { data: signedIn ? operatorSessionView(signedIn) : null };
    },
  );

  app.post(
    '/login',
    {
      schema: {
        summary: 'Signs a tour operator in: new session id, new XSRF-TOKEN',
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { data: operatorSessionView(await signInOperator(request, reply, request.body)) };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        summary: 'Ends the session server-side and starts a fresh anonymous one (new cookies)',
        tags: ['auth'],
        body: z.object({}).nullish(),
        response: { 200: emptyResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      if (request.sessionId) await deleteSession(app.db, request.sessionId);
      reply.issueSession();
      return { data: {} };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        summary: 'E-mails a reset link when the account exists; the same answer either way',
        tags: ['auth'],
        body: forgotPasswordRequestSchema,
        response: { 200: emptyResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      await requestPasswordReset(request, reply, request.body.username);
      return { data: {} };
    },
  );

  app.post(
    '/validate-token',
    {
      schema: {
        summary: 'Checks a reset link (400 reset_link_invalid when unknown, used or expired)',
        tags: ['auth'],
        body: validateTokenRequestSchema,
        response: { 200: emptyResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      await validateResetLink(request, reply, request.body);
      return { data: {} };
    },
  );

  app.post(
    '/reset',
    {
      schema: {
        summary: 'Sets a new password with a reset link; signs the account out everywhere',
        tags: ['auth'],
        body: resetPasswordRequestSchema,
        response: { 200: emptyResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      await resetPassword(request, reply, request.body);
      return { data: {} };
    },
  );
};
