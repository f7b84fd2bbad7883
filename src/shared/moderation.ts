// Report and block (issue 8): request and response schemas, limits and every user-visible
// message, for the server, the client and the tests alike.
import { z } from 'zod';
import { moderationMessages, REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from './moderation-text.ts';

export * from './moderation-text.ts';

export const reportRequest = z.object({
  reason: z.enum(REPORT_REASONS, { error: moderationMessages.chooseReason }),
  note: z
    .string({ error: 'The note must be text.' })
    .max(REPORT_NOTE_MAX_LENGTH * 4, moderationMessages.noteTooLong)
    .optional(),
});
export type ReportRequest = z.input<typeof reportRequest>;

export const reportResponse = z.object({ message: z.string() });

// api.ts imports this module (the live event below), so the player summary is spelled out here
// rather than imported back from it.
const blockedPlayer = z.object({ id: z.string(), displayName: z.string() });

export const blockResponse = z.object({ user: blockedPlayer, blocked: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponse>;

export const blockListResponse = z.object({ users: z.array(blockedPlayer) });
export type BlockListResponse = z.infer<typeof blockListResponse>;

/**
 * The live event `moderation`: a pun was hidden (or shown again), or with no `punId` every pun of
 * `userId` (a ban). Feeds drop hidden puns; their author keeps them, marked.
 */
export const moderationEvent = z.object({
  punId: z.string().optional(),
  userId: z.string(),
  hidden: z.boolean(),
});
export type ModerationEvent = z.infer<typeof moderationEvent>;
