import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import { currentUser } from '#server/http/session';
import {
  errorBody,
  friendshipResponse,
  userListResponse,
  userProfile,
  userSearchQuery,
} from '#shared/api';
import { messages } from '#shared/messages';
import { addFriend, getUserProfile, listFriends, removeFriend, searchUsers } from './service.ts';

const userParams = z.object({ id: z.uuid({ error: messages.userPage.notFound }) });

export const friendRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users/search',
    {
      schema: {
        querystring: userSearchQuery,
        response: { 200: userListResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ({
      users: await searchUsers(ctx.db, currentUser(request).id, request.query.q),
    }),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        params: userParams,
        response: { 200: userProfile, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => getUserProfile(ctx.db, currentUser(request).id, request.params.id),
  );

  app.get(
    '/friends',
    { schema: { response: { 200: userListResponse, 401: errorBody } } },
    async (request) => ({ users: await listFriends(ctx.db, currentUser(request).id) }),
  );

  app.put(
    '/friends/:id',
    {
      schema: {
        params: userParams,
        response: {
          200: friendshipResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => ({
      friend: await addFriend(ctx.db, currentUser(request).id, request.params.id),
      isFriend: true,
    }),
  );

  app.delete(
    '/friends/:id',
    {
      schema: {
        params: userParams,
        response: { 200: friendshipResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => ({
      friend: await removeFriend(ctx.db, currentUser(request).id, request.params.id),
      isFriend: false,
    }),
  );
};
