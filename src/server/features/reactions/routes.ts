import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import { currentUser } from '#server/http/session';
import { errorBody, reactionResponse, setReactionRequest } from '#shared/api';
import { setReaction } from './service.ts';

const params = z.object({ id: z.uuid({ error: 'That pun does not exist.' }) });
const responses = {
  200: reactionResponse,
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

export const reactionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // spec §4: the same key again clears it; another key replaces it.
  app.put(
    '/puns/:id/reaction',
    { schema: { params, body: setReactionRequest, response: responses } },
    async (request) =>
      setReaction(ctx, currentUser(request), request.params.id, request.body.reaction),
  );

  app.delete('/puns/:id/reaction', { schema: { params, response: responses } }, async (request) =>
    setReaction(ctx, currentUser(request), request.params.id, null),
  );
};
