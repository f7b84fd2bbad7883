// Reactions (spec §4 Reaction, §5 Reactions, §8 Reactions). The change shows at once in every
// cached feed, is rolled back if the server refuses it, and the server's answer is the last word.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Pun,
  ReactionCounts,
  ReactionKey,
  ReactionResponse,
  reactionResponse,
} from '#shared/api';
import { messages } from '#shared/messages';
import { ApiError, apiRequest } from './client';
import { feedQueryKeyRoot, updatePunInFeeds } from './feeds';

/** Thrown before sending when the browser knows it is offline (spec §5: you must be online). */
export class ReactionOfflineError extends Error {
  override readonly name = 'ReactionOfflineError';
  constructor() {
    super(messages.reactions.offline);
  }
}

export interface ReactionState {
  reactions: ReactionCounts;
  myReaction: ReactionKey | null;
}

// spec §4: choosing a reaction sets it, the same one again clears it, another one replaces it.
export function nextReactionState(current: ReactionState, chosen: ReactionKey): ReactionState {
  const before = current.myReaction;
  const after = before === chosen ? null : chosen;
  const reactions = { ...current.reactions };
  if (before) reactions[before] = Math.max(0, reactions[before] - 1);
  if (after) reactions[after] += 1;
  return { reactions, myReaction: after };
}

// spec §8 Reactions: the message depends on why it failed.
export function reactionErrorMessage(error: unknown): string {
  if (error instanceof ReactionOfflineError) return messages.reactions.offline;
  if (error instanceof ApiError) {
    if (error.status === 0) return messages.reactions.saveOffline;
    if (error.status === 401) return messages.reactions.loginRequired;
    if (error.status === 403) {
      if (error.code === 'own_pun') return messages.reactions.ownPun;
      // Issue 8: a block between the two players; the server's message says so.
      if (error.code === 'blocked' && error.fromServer) return error.message;
      return messages.reactions.permission;
    }
    if (error.status === 409) return messages.reactions.oneCrown;
  }
  return messages.reactions.failed;
}

export interface ReactVariables {
  /** The pun as the viewer sees it now (its counts and their own reaction). */
  pun: Pick<Pun, 'id' | 'reactions' | 'myReaction'>;
  reaction: ReactionKey;
}

interface ReactContext {
  previous: ReactionState;
}

function sendReaction({ pun, reaction }: ReactVariables): Promise<ReactionResponse> {
  if (!navigator.onLine) return Promise.reject(new ReactionOfflineError());
  const path = `/api/puns/${encodeURIComponent(pun.id)}/reaction`;
  // Clearing says so (DELETE) rather than relying on the server's toggle, so a repeated request
  // cannot set the reaction again.
  if (pun.myReaction === reaction)
    return apiRequest<typeof reactionResponse>(path, { method: 'DELETE' });
  return apiRequest<typeof reactionResponse>(path, { method: 'PUT', body: { reaction } });
}

export function useReactMutation(punId: string) {
  const queryClient = useQueryClient();
  return useMutation<ReactionResponse, unknown, ReactVariables, ReactContext | undefined>({
    mutationFn: sendReaction,
    // Changes to one pun's reaction go to the server one after another, in the order clicked.
    scope: { id: `reaction:${punId}` },
    // The offline check is ours (spec §8 has its own message), so never let the query library
    // hold the request back until the browser is online again.
    networkMode: 'always',
    onMutate: async ({ pun, reaction }) => {
      if (!navigator.onLine) return undefined;
      await queryClient.cancelQueries({ queryKey: feedQueryKeyRoot });
      const previous = { reactions: pun.reactions, myReaction: pun.myReaction };
      const next = nextReactionState(previous, reaction);
      updatePunInFeeds(queryClient, pun.id, (p) => ({ ...p, ...next }));
      return { previous };
    },
    onError: (_error, { pun }, context) => {
      if (!context) return;
      updatePunInFeeds(queryClient, pun.id, (p) => ({ ...p, ...context.previous }));
    },
    onSuccess: (answer) => {
      updatePunInFeeds(queryClient, answer.punId, (p) => ({
        ...p,
        reactions: answer.reactions,
        myReaction: answer.myReaction,
      }));
    },
  });
}
