import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import { currentUser } from '#server/http/session';
import { errorBody } from '#shared/api';
import { messages } from '#shared/messages';
import { streakResponse } from '#shared/streaks';
import { getPlayerStreak, getStreak } from './service.ts';

const userParams = z.object({ id: z.uuid({ error: messages.userPage.notFound }) });

export const streakRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/me/streak',
    { schema: { response: { 200: streakResponse, 401: errorBody } } },
    async (request) => getStreak(ctx.db, ctx.clock, currentUser(request).id),
  );

  app.get(
    '/users/:id/streak',
    {
      schema: {
        params: userParams,
        response: { 200: streakResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => getPlayerStreak(ctx.db, ctx.clock, request.params.id),
  );
};
