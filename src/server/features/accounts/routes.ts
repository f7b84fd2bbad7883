// HTTP for accounts: parse with the shared schema, call one service function, shape the reply.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import { clearSessionCookie, setSessionCookie } from '#server/http/session';
import {
  errorBody,
  loginRequest,
  me,
  messageResponse,
  passwordResetConfirm,
  passwordResetRequest,
  passwordResetTokenStatus,
  sessionResponse,
  signupRequest,
} from '#shared/api';
import { messages } from '#shared/messages';
import * as accounts from './service.ts';
import { hashToken } from './tokens.ts';

const userResponse = z.object({ user: me });

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Always read afresh: the crown count and settings shown from here change often, and the
  // session cache may hold an older copy for a moment.
  app.get('/auth/session', { schema: { response: { 200: sessionResponse } } }, async (request) => ({
    user: request.user ? await accounts.getMe(ctx.db, request.user.id) : null,
  }));

  app.post(
    '/auth/signup',
    {
      schema: {
        body: signupRequest,
        response: { 201: userResponse, 400: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const grant = await accounts.signUp(ctx, request.body, request.ip);
      setSessionCookie(reply, ctx, grant.token, grant.expiresAt);
      return reply.code(201).send({ user: grant.user });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        body: loginRequest,
        response: {
          200: userResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const grant = await accounts.logIn(ctx, request.body, request.ip);
      setSessionCookie(reply, ctx, grant.token, grant.expiresAt);
      return { user: grant.user };
    },
  );

  app.post('/auth/logout', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    if (request.sessionToken) {
      await accounts.logOut(ctx, request.sessionToken);
      ctx.caches.sessions.revoke(hashToken(request.sessionToken));
    }
    clearSessionCookie(reply, ctx);
    return reply.code(204).send(null);
  });

  app.post(
    '/auth/password-reset',
    {
      schema: {
        body: passwordResetRequest,
        response: {
          200: messageResponse,
          400: errorBody,
          404: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      await accounts.requestPasswordReset(ctx, request.body, request.ip);
      return { message: messages.passwordReset.sent };
    },
  );

  // POST, not GET, so the token never appears in a URL that a proxy or access log would keep.
  app.post(
    '/auth/password-reset/check',
    {
      schema: {
        body: z.object({ token: z.string().max(200) }),
        response: { 200: passwordResetTokenStatus, 400: errorBody },
      },
    },
    async (request) => ({
      valid: await accounts.isPasswordResetTokenValid(ctx, request.body.token),
    }),
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: {
        body: passwordResetConfirm,
        response: { 200: userResponse, 400: errorBody, 403: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const grant = await accounts.confirmPasswordReset(ctx, request.body);
      ctx.caches.sessions.forgetUser(grant.user.id);
      setSessionCookie(reply, ctx, grant.token, grant.expiresAt);
      return { user: grant.user };
    },
  );
};
