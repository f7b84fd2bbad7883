import type { FastifyReply } from 'fastify';
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
import type { SharedPage } from './cache.ts';
import { feedPageJson } from './serialize.ts';
import { friendsFeed, playerFeed, timeRangeFeed, topWeekFeed } from './service.ts';

const feedResponses = { 200: feedPage, 400: errorBody, 401: errorBody };

/**
 * Sends a shared page with the viewer's own reaction on each pun, as JSON text (see
 * serialize.ts): it matches the `feedPage` response schema, which stays the route's contract.
 * Puns by players the viewer blocked are dropped here, after the shared cache (issue 8).
 */
async function sendForViewer(
  ctx: AppContext,
  reply: FastifyReply,
  viewerId: string,
  shared: SharedPage,
) {
  const blocked = await ctx.caches.blocks.blockedBy(ctx.db, viewerId);
  const page =
    blocked.size === 0 || !shared.puns.some((p) => blocked.has(p.userId))
      ? shared
      : { ...shared, puns: shared.puns.filter((p) => !blocked.has(p.userId)) };
  const mine = await ctx.caches.reactions.lookup(
    ctx.db,
    viewerId,
    page.puns.map((p) => p.id),
  );
  return reply.type('application/json; charset=utf-8').send(feedPageJson(page, mine) as never);
}

/** The landing page's panel: no session needed, no private fields. */
export const publicFeedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/puns/top-week',
    { schema: { querystring: topWeekQuery, response: { 200: topWeekResponse, 400: errorBody } } },
    async (request) => {
      const { limit } = request.query;
      const now = ctx.clock.now();
      const page = await ctx.caches.feeds.get(`topweek:${limit}::${laDayOf(now)}`, now, () =>
        topWeekFeed(ctx.db, ctx.clock, { limit }),
      );
      return { puns: page.puns };
    },
  );
};

export const feedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/feed/global',
    { schema: { querystring: globalFeedQuery, response: feedResponses } },
    async (request, reply) => {
      const { period, from, to, cursor, limit } = request.query;
      const viewer = currentUser(request).id;
      const now = ctx.clock.now();
      if (period === 'topweek') {
        const shared = await ctx.caches.feeds.get(
          `topweek:${limit}:${cursor ?? ''}:${laDayOf(now)}`,
          now,
          () => topWeekFeed(ctx.db, ctx.clock, { cursor, limit }),
        );
        return sendForViewer(ctx, reply, viewer, shared);
      }
      if ((from === undefined) !== (to === undefined)) {
        throw new BadRequest('Send both from and to, or neither.', 'bad_range');
      }
      // spec §9: "today" is the browser's local day, which it sends; without it, Los Angeles days.
      let range = from && to ? { from: new Date(from), to: new Date(to) } : undefined;
      if (!range) {
        const today = laDayOf(now);
        const day = period === 'today' ? today : addDays(today, -1);
        range = { from: laDayStart(day), to: laDayStart(addDays(day, 1)) };
      }
      const key = `range:${range.from.getTime()}:${range.to.getTime()}:${limit}:${cursor ?? ''}`;
      const shared = await ctx.caches.feeds.get(key, now, () =>
        timeRangeFeed(ctx.db, range, { cursor, limit }),
      );
      return sendForViewer(ctx, reply, viewer, shared);
    },
  );

  app.get(
    '/feed/friends',
    { schema: { querystring: pageQuery, response: feedResponses } },
    async (request, reply) => {
      const viewer = currentUser(request).id;
      return sendForViewer(ctx, reply, viewer, await friendsFeed(ctx.db, viewer, request.query));
    },
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
    async (request, reply) =>
      sendForViewer(
        ctx,
        reply,
        currentUser(request).id,
        await playerFeed(ctx.db, request.params.id, request.query, currentUser(request).id),
      ),
  );
};
