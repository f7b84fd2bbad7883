import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import { BadRequest } from '#server/errors';
import { currentUser } from '#server/http/session';
import {
  errorBody,
  feedPage,
  globalFeedQuery,
  pageQuery,
  topWeekQuery,
  topWeekResponse,
} from '#shared/api';
import { addDays, laDayOf, laDayStart } from '#shared/la-day';
import { messages } from '#shared/messages';
import { friendsFeed, playerFeed, timeRangeFeed, topWeekFeed, topWeekPublic } from './service.ts';

const feedResponses = { 200: feedPage, 400: errorBody, 401: errorBody };

/** The landing page's panel: no session needed. */
export const publicFeedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/puns/top-week',
    { schema: { querystring: topWeekQuery, response: { 200: topWeekResponse, 400: errorBody } } },
    async (request) => ({ puns: await topWeekPublic(ctx.db, ctx.clock, request.query.limit) }),
  );
};

export const feedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/feed/global',
    { schema: { querystring: globalFeedQuery, response: feedResponses } },
    async (request) => {
      const { period, from, to, cursor, limit } = request.query;
      const viewer = currentUser(request).id;
      if (period === 'topweek') return topWeekFeed(ctx.db, ctx.clock, viewer, { cursor, limit });
      if ((from === undefined) !== (to === undefined)) {
        throw new BadRequest('Send both from and to, or neither.', 'bad_range');
      }
      // spec §9: "today" is the browser's local day, which it sends; without it, Los Angeles days.
      let range = from && to ? { from: new Date(from), to: new Date(to) } : undefined;
      if (!range) {
        const today = laDayOf(ctx.clock.now());
        const day = period === 'today' ? today : addDays(today, -1);
        range = { from: laDayStart(day), to: laDayStart(addDays(day, 1)) };
      }
      return timeRangeFeed(ctx.db, viewer, range, { cursor, limit });
    },
  );

  app.get(
    '/feed/friends',
    { schema: { querystring: pageQuery, response: feedResponses } },
    async (request) => friendsFeed(ctx.db, currentUser(request).id, request.query),
  );

  app.get(
    '/users/:id/puns',
    {
      schema: {
        params: z.object({ id: z.uuid({ error: messages.userPage.notFound }) }),
        querystring: pageQuery,
        response: feedResponses,
      },
    },
    async (request) =>
      playerFeed(ctx.db, currentUser(request).id, request.params.id, request.query),
  );
};
