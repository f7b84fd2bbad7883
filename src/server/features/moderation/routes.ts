// HTTP for report and block (issue 8): parse with the shared schema, call one service function,
// shape the reply. This instance forgets what changed at once; the others hear it by NOTIFY.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import { currentUser } from '#server/http/session';
import { errorBody } from '#shared/api';
import { messages } from '#shared/messages';
import {
  blockListResponse,
  blockResponse,
  moderationMessages,
  reportRequest,
  reportResponse,
} from '#shared/moderation';
import { blockPlayer, listBlocked, reportPun, unblockPlayer } from './service.ts';

const punParams = z.object({ id: z.uuid({ error: moderationMessages.punNotFound }) });
const userParams = z.object({ id: z.uuid({ error: messages.userPage.notFound }) });

export const moderationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/puns/:id/report',
    {
      schema: {
        params: punParams,
        body: reportRequest,
        response: {
          201: reportResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const outcome = await reportPun(
        { db: ctx.db, reportHideThreshold: ctx.config.reportHideThreshold },
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      if (outcome.becameHidden) ctx.caches.feeds.invalidate();
      return reply.code(201).send({ message: moderationMessages.reported });
    },
  );

  const blockSchema = {
    params: userParams,
    response: { 200: blockResponse, 400: errorBody, 401: errorBody, 404: errorBody },
  };

  app.post('/users/:id/block', { schema: blockSchema }, async (request) => {
    const viewer = currentUser(request).id;
    const user = await blockPlayer(ctx.db, viewer, request.params.id);
    ctx.caches.blocks.changed(viewer);
    return { user, blocked: true };
  });

  app.delete('/users/:id/block', { schema: blockSchema }, async (request) => {
    const viewer = currentUser(request).id;
    const user = await unblockPlayer(ctx.db, viewer, request.params.id);
    ctx.caches.blocks.changed(viewer);
    return { user, blocked: false };
  });

  app.get(
    '/blocks',
    { schema: { response: { 200: blockListResponse, 401: errorBody } } },
    async (request) => ({ users: await listBlocked(ctx.db, currentUser(request).id) }),
  );
};
