// Sharing a pun (issue 8): the public share page /p/{punId}, its card image and the share
// button. The response schema, the limits and every user-visible message, for server and client.
import { z } from 'zod';
import { reactionCounts } from './api.ts';

export * from './share-text.ts';

/** Public data of a shared pun: no email, no account id, nothing a feed does not show. */
export const sharedPun = z.object({
  id: z.string(),
  /** Plain text: render it as text, never as HTML. */
  text: z.string(),
  authorName: z.string(),
  category: z.string(),
  output: z.string(),
  day: z.string(),
  createdAt: z.string(),
  reactions: reactionCounts,
  /** Hidden by moderation; only its author ever receives it, so only they see this as true. */
  hidden: z.boolean(),
});
export type SharedPun = z.infer<typeof sharedPun>;

export const sharedPunResponse = z.object({ pun: sharedPun });
export type SharedPunResponse = z.infer<typeof sharedPunResponse>;
