import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/context';
import { currentUser } from '#server/http/session';
import { errorBody, myPunTodayResponse, punResponse, submitPunRequest } from '#shared/api';
import { laDayOf } from '#shared/la-day';
import { myPunForDay, submitPun } from './service.ts';

export const punRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/puns',
    {
      schema: {
        body: submitPunRequest,
        response: {
          201: punResponse,
          400: errorBody,
          401: errorBody,
          409: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const pun = await submitPun(ctx, currentUser(request), request.body.text);
      ctx.caches.feeds.invalidate();
      return reply.code(201).send({ pun });
    },
  );

  app.get(
    '/puns/mine/today',
    { schema: { response: { 200: myPunTodayResponse, 401: errorBody } } },
    async (request) => {
      const day = laDayOf(ctx.clock.now());
      return { day, pun: await myPunForDay(ctx.db, currentUser(request).id, day) };
    },
  );
};
