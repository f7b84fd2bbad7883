import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import { currentUser } from '#server/http/session';
import {
  errorBody,
  type Me,
  type ReactionKey,
  reactionResponse,
  setReactionRequest,
} from '#shared/api';
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
  // This instance forgets at once what changed; the others hear of it by NOTIFY.
  const react = async (user: Me, punId: string, reaction: ReactionKey | null) => {
    const result = await setReaction(ctx, user, punId, reaction);
    ctx.caches.reactions.changed(user.id, punId);
    ctx.caches.feeds.invalidate();
    return result;
  };

  // spec §4: the same key again clears it; another key replaces it.
  app.put(
    '/puns/:id/reaction',
    { schema: { params, body: setReactionRequest, response: responses } },
    async (request) => react(currentUser(request), request.params.id, request.body.reaction),
  );

  app.delete('/puns/:id/reaction', { schema: { params, response: responses } }, async (request) =>
    react(currentUser(request), request.params.id, null),
  );
};
