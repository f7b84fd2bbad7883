// Report and block (issue 8): request and response schemas, limits and every user-visible
// message, for the server, the client and the tests alike.
import { z } from 'zod';

export const REPORT_REASONS = ['offensive', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How the reasons read in the report dialog and the moderation CLI. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  offensive: 'Offensive or hurtful',
  spam: 'Spam or advertising',
  other: 'Something else',
};

export const REPORT_NOTE_MAX_LENGTH = 500;
/** Distinct reporters that hide a pun pending review, unless REPORT_HIDE_THRESHOLD says otherwise. */
export const DEFAULT_REPORT_HIDE_THRESHOLD = 3;

export const moderationMessages = {
  reported: "Thanks — we'll take a look.",
  alreadyReported: "You've already reported this pun. Thanks — we'll take a look.",
  ownPun: 'You cannot report your own pun.',
  punNotFound: 'That pun does not exist.',
  chooseReason: 'Choose a reason: offensive, spam or other.',
  noteTooLong: `Notes can be at most ${REPORT_NOTE_MAX_LENGTH} characters.`,
  reportFailed: 'Could not send your report. Please try again.',
  blockSelf: 'You cannot block yourself.',
  blockFailed: 'Could not block this player. Please try again.',
  unblockFailed: 'Could not unblock this player. Please try again.',
  blocksLoadFailed: 'Unable to load blocked players. Please try refreshing the page.',
  noBlocks: "You haven't blocked anyone.",
  /** A reaction between a player and someone who blocked them, or whom they blocked. */
  reactionBlocked: "You can't react to this player's puns.",
  /** Adding as a friend a player one blocked, or who blocked one. */
  friendBlocked: "You can't add this player as a friend.",
  banned:
    'This account has been suspended for breaking the community guidelines. Contact the operator of this Punday if you think this is a mistake.',
  hiddenMark: 'Hidden pending review',
  hiddenExplanation:
    'Other players reported this pun, so only you can see it until an operator reviews it.',
} as const;

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
