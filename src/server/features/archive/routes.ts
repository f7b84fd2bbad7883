import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/context';
import { currentUser } from '#server/http/session';
import { errorBody } from '#shared/api';
import {
  archiveDayParams,
  archiveDayQuery,
  archiveDayResponse,
  archiveListQuery,
  archiveListResponse,
} from '#shared/archive';
import { archiveDay, listArchive } from './service.ts';

export const archiveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/archive',
    {
      schema: {
        querystring: archiveListQuery,
        response: { 200: archiveListResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => listArchive(ctx.db, ctx.clock, currentUser(request).id, request.query),
  );

  app.get(
    '/archive/:day',
    {
      schema: {
        params: archiveDayParams,
        querystring: archiveDayQuery,
        response: { 200: archiveDayResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const viewerId = currentUser(request).id;
      const page = await archiveDay(ctx.db, ctx.clock, viewerId, request.params.day, request.query);
      // The viewer's own reactions, as the feeds add them (the per-viewer reactions cache).
      const mine = await ctx.caches.reactions.lookup(
        ctx.db,
        viewerId,
        page.puns.map((p) => p.id),
      );
      return {
        ...page,
        puns: page.puns.map((p) => ({ ...p, myReaction: mine.get(p.id) ?? null })),
      };
    },
  );
};
