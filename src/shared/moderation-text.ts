// Report and block (issue 8): limits, labels and every user-visible message, without zod, so the
// client can import them without the schema library (moderation.ts re-exports them).

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
