// Profile settings (spec §2 Profile settings): display name, push and friend notifications.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/context';
import { changeDisplayName, getMe } from '#server/features/accounts/service';
import { currentUser } from '#server/http/session';
import {
  displayNameRequest,
  displayNameResponse,
  errorBody,
  friendNotificationsRequest,
  publicKeyResponse,
  pushSubscriptionRequest,
  pushUnsubscribeRequest,
  userResponse,
} from '#shared/api';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.put(
    '/me/display-name',
    { schema: { body: displayNameRequest, response: { 200: displayNameResponse, ...errors } } },
    async (request) => {
      const result = await changeDisplayName(
        ctx.db,
        currentUser(request),
        request.body.displayName,
      );
      ctx.caches.sessions.forgetUser(result.user.id);
      return result;
    },
  );

  app.get(
    '/push/public-key',
    { schema: { response: { 200: publicKeyResponse, 401: errorBody } } },
    async () => ({
      publicKey: ctx.push.vapid.publicKey,
    }),
  );

  app.post(
    '/push/subscription',
    { schema: { body: pushSubscriptionRequest, response: { 200: userResponse, ...errors } } },
    async (request) => {
      const user = currentUser(request);
      await ctx.push.subscribe(user, request.body);
      ctx.caches.sessions.forgetUser(user.id);
      return { user: await getMe(ctx.db, user.id) };
    },
  );

  app.delete(
    '/push/subscription',
    {
      schema: {
        body: pushUnsubscribeRequest.optional(),
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await ctx.push.unsubscribe(user, request.body?.endpoint);
      ctx.caches.sessions.forgetUser(user.id);
      return { user: await getMe(ctx.db, user.id) };
    },
  );

  app.put(
    '/me/friend-notifications',
    { schema: { body: friendNotificationsRequest, response: { 200: userResponse, ...errors } } },
    async (request) => {
      const user = currentUser(request);
      await ctx.push.setFriendNotifications(user, request.body.enabled);
      ctx.caches.sessions.forgetUser(user.id);
      return { user: await getMe(ctx.db, user.id) };
    },
  );
};
