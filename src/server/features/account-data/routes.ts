// HTTP for owning your data (issue 8): the export as a file download, and account deletion.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/context';
import { clearSessionCookie, currentUser } from '#server/http/session';
import {
  accountDataMessages,
  accountExport,
  deleteAccountRequest,
  exportFileName,
} from '#shared/account-data';
import { errorBody, messageResponse } from '#shared/api';
import { deleteAccount, exportAccount } from './service.ts';

export const accountDataRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/me/export',
    { schema: { response: { 200: accountExport, 401: errorBody } } },
    async (request, reply) => {
      const now = new Date(ctx.clock.now());
      const data = await exportAccount(ctx.db, currentUser(request).id, now);
      // A download, never cached by the browser or a proxy: it holds the player's email.
      reply
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(now.toISOString().slice(0, 10))}"`,
        )
        .header('cache-control', 'no-store');
      return data;
    },
  );

  app.delete(
    '/me',
    {
      schema: {
        body: deleteAccountRequest,
        response: {
          200: messageResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await deleteAccount(ctx, user, request.body.password, request.ip);
      // Every instance hears of it on commit; this one forgets the sessions now.
      ctx.caches.sessions.forgetUser(user.id);
      ctx.caches.feeds.invalidate();
      clearSessionCookie(reply, ctx);
      return { message: accountDataMessages.deleted };
    },
  );
};
