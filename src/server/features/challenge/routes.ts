import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/context';
import { errorBody, todayChallengeResponse } from '#shared/api';
import { laDayEnd, laDayOf } from '#shared/la-day';
import { ensureChallenge, toChallenge } from './service.ts';

export const challengeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/challenge/today',
    { schema: { response: { 200: todayChallengeResponse, 401: errorBody, 503: errorBody } } },
    async () => {
      const now = ctx.clock.now();
      const { challenge } = await ensureChallenge(ctx, laDayOf(now));
      return { challenge: toChallenge(challenge), endsAt: laDayEnd(now).toISOString() };
    },
  );
};
