// zod schemas of every request and response, shared by the server (validation, serialization)
// and the client (typed fetch). Limits come from constants.ts; every check has a readable message.
import { z } from 'zod';
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  type LIVE_EVENT_TYPES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PUN_MAX_LENGTH,
  REACTION_KEYS,
  type ReactionKey,
} from './constants.ts';
import { messages } from './messages.ts';
import { moderationEvent } from './moderation.ts';

export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

const emailField = z
  .string({ error: messages.signup.emailRequired })
  .trim()
  .min(1, messages.signup.emailRequired)
  .max(EMAIL_MAX_LENGTH, messages.signup.emailInvalid)
  .pipe(z.email({ error: messages.signup.emailInvalid }));

const passwordField = z
  .string({ error: messages.signup.weakPassword })
  .min(PASSWORD_MIN_LENGTH, messages.signup.weakPassword)
  .max(PASSWORD_MAX_LENGTH, `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const displayNameInput = z
  .string({ error: 'Display name must be text.' })
  .max(
    DISPLAY_NAME_MAX_LENGTH,
    `Display names can be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  );

export const me = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  notificationsEnabled: z.boolean(),
  friendNotificationsEnabled: z.boolean(),
  crownCount: z.number().int(),
});
export type Me = z.infer<typeof me>;

export const sessionResponse = z.object({ user: me.nullable() });
export const userResponse = z.object({ user: me });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const signupRequest = z.object({
  displayName: displayNameInput.optional(),
  email: emailField,
  password: passwordField,
});
export type SignupRequest = z.input<typeof signupRequest>;

export const loginRequest = z.object({
  email: z.string({ error: messages.login.invalidCredentials }).trim().max(EMAIL_MAX_LENGTH),
  password: z.string({ error: messages.login.invalidCredentials }).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const passwordResetRequest = z.object({
  email: z
    .string({ error: messages.passwordReset.emailFirst })
    .trim()
    .min(1, messages.passwordReset.emailFirst)
    .max(EMAIL_MAX_LENGTH, messages.passwordReset.notFound),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;

export const passwordResetConfirm = z.object({
  token: z.string().min(1, messages.passwordReset.invalidLink).max(200),
  password: passwordField,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirm>;

export const passwordResetTokenStatus = z.object({ valid: z.boolean() });

export const messageResponse = z.object({ message: z.string() });

export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'down']),
});

// ---- Daily game (spec §3 Daily challenge and Pun, §4 AI example status) ----

export const AI_STATUSES = ['pending', 'success', 'failed'] as const;
export type AiStatus = (typeof AI_STATUSES)[number];

export const challenge = z.object({
  /** The Los Angeles day it belongs to, YYYY-MM-DD. */
  day: z.string(),
  category: z.string(),
  output: z.string(),
  aiPun: z.string().nullable(),
  /** pending | success | failed; any other value means "no example yet" (spec §4). */
  aiStatus: z.string(),
});
export type Challenge = z.infer<typeof challenge>;

export const todayChallengeResponse = z.object({
  challenge,
  /** ISO instant of the next Los Angeles midnight, when this challenge ends. */
  endsAt: z.string(),
});
export type TodayChallengeResponse = z.infer<typeof todayChallengeResponse>;

export { REACTION_KEYS, type ReactionKey };

export const reactionCounts = z.object({
  crown: z.number().int(),
  fire: z.number().int(),
  thinker: z.number().int(),
  laughing: z.number().int(),
});
export type ReactionCounts = z.infer<typeof reactionCounts>;

export const pun = z.object({
  id: z.string(),
  text: z.string(),
  userId: z.string(),
  /** Plain text: render it as text, never as HTML. */
  authorName: z.string(),
  category: z.string(),
  output: z.string(),
  day: z.string(),
  createdAt: z.string(),
  reactions: reactionCounts,
  /** Only on the author's own hidden pun (hidden by reports or an operator, pending review). */
  hidden: z.literal(true).optional(),
  /** The viewer's own reaction on this pun, if any. */
  myReaction: z.enum(REACTION_KEYS).nullable(),
});
export type Pun = z.infer<typeof pun>;

export const submitPunRequest = z.object({
  text: z
    .string({ error: messages.submit.empty })
    .max(PUN_MAX_LENGTH * 4, `A pun can be at most ${PUN_MAX_LENGTH} characters.`),
});
export type SubmitPunRequest = z.input<typeof submitPunRequest>;

export const punResponse = z.object({ pun });

export const myPunTodayResponse = z.object({ day: z.string(), pun: pun.nullable() });
export type MyPunTodayResponse = z.infer<typeof myPunTodayResponse>;

// ---- Live events (GET /api/events, Server-Sent Events) ----
// Each SSE message has `id` (for Last-Event-ID), `event` (one of these types) and JSON `data`.

export const liveEvents = {
  challenge: z.object({ day: z.string() }),
  pun: z.object({ id: z.string(), userId: z.string(), day: z.string() }),
  reactions: z.object({ punId: z.string(), reactions: reactionCounts }),
  crowns: z.object({ userId: z.string(), crownCount: z.number().int() }),
  /** Sent when the server cannot replay what a reconnecting client missed: refetch everything. */
  resync: z.object({}),
  /** A pun hidden or shown again by moderation; without punId, every pun of userId (a ban). */
  moderation: moderationEvent,
} as const satisfies Record<(typeof LIVE_EVENT_TYPES)[number], z.ZodType>;
export type LiveEventType = keyof typeof liveEvents;
export type LiveEvent = {
  [K in LiveEventType]: { id: string; type: K; data: z.infer<(typeof liveEvents)[K]> };
}[LiveEventType];

// ---- Social (spec §2 Dashboard, §4 Reaction and Friendship, §5 Friend search, §7) ----

/** Aliases from spec §9's other reading of the reaction names, accepted on input. */
export const REACTION_ALIASES: Record<string, ReactionKey> = {
  banger: 'fire',
  laugher: 'laughing',
};

export const reactionInput = z
  .string({ error: 'Choose a reaction: crown, fire, thinker or laughing.' })
  .trim()
  .toLowerCase()
  .transform((v) => REACTION_ALIASES[v] ?? v)
  .pipe(z.enum(REACTION_KEYS, { error: 'Choose a reaction: crown, fire, thinker or laughing.' }));

export const setReactionRequest = z.object({ reaction: reactionInput });
export type SetReactionRequest = z.input<typeof setReactionRequest>;

export const reactionResponse = z.object({
  punId: z.string(),
  reactions: reactionCounts,
  myReaction: z.enum(REACTION_KEYS).nullable(),
});
export type ReactionResponse = z.infer<typeof reactionResponse>;

export const FEED_PAGE_MAX = 50;
export const GLOBAL_PERIODS = ['today', 'yesterday', 'topweek'] as const;
export type GlobalPeriod = (typeof GLOBAL_PERIODS)[number];

const isoInstant = z.iso.datetime({
  offset: true,
  error: 'Use an ISO date-time such as 2026-11-23T08:00:00.000Z.',
});

export const globalFeedQuery = z.object({
  period: z.enum(GLOBAL_PERIODS, { error: 'period must be today, yesterday or topweek.' }),
  /** Start of the browser's local day range (today and yesterday), inclusive. */
  from: isoInstant.optional(),
  /** End of the range, exclusive. */
  to: isoInstant.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(20),
});
export type GlobalFeedQuery = z.input<typeof globalFeedQuery>;

export const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(20),
});
export type PageQuery = z.input<typeof pageQuery>;

export const feedPage = z.object({
  puns: z.array(pun),
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type FeedPage = z.infer<typeof feedPage>;

export const topWeekQuery = z.object({
  limit: z.coerce.number().int().min(1).max(10).default(3),
});

export const publicPun = pun.omit({ myReaction: true });
export const topWeekResponse = z.object({ puns: z.array(publicPun) });
export type PublicPun = z.infer<typeof publicPun>;

export const userSummary = z.object({ id: z.string(), displayName: z.string() });
export type UserSummary = z.infer<typeof userSummary>;

export const userProfile = userSummary.extend({
  isFriend: z.boolean(),
  isMe: z.boolean(),
  crownCount: z.number().int(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const userSearchQuery = z.object({ q: z.string().max(100).default('') });
export const userListResponse = z.object({ users: z.array(userSummary) });
export type UserListResponse = z.infer<typeof userListResponse>;

export const friendshipResponse = z.object({ friend: userSummary, isFriend: z.boolean() });

// ---- Settings and push (spec §2 Profile settings, §4 Push notifications, §5 Display name) ----

export const displayNameRequest = z.object({
  displayName: z
    .string({ error: messages.settings.displayNameEmpty })
    .trim()
    .min(1, messages.settings.displayNameEmpty)
    .max(
      DISPLAY_NAME_MAX_LENGTH,
      `Display names can be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
    ),
});
export type DisplayNameRequest = z.input<typeof displayNameRequest>;

export const displayNameResponse = z.object({
  user: me,
  /** The spec §5 message: saved as asked, or saved with a number added. */
  message: z.string(),
});

export const pushSubscriptionRequest = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'The push endpoint must be an http(s) URL.' })
    .max(2000),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'The p256dh key is not a P-256 public key.'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'The auth secret is not valid.'),
  }),
});
export type PushSubscriptionRequest = z.input<typeof pushSubscriptionRequest>;

export const pushUnsubscribeRequest = z.object({ endpoint: z.string().max(2000).optional() });

export const friendNotificationsRequest = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false.' }),
});

export const publicKeyResponse = z.object({ publicKey: z.string() });

/** What the service worker receives in a push message. */
export const pushPayload = z.object({
  type: z.enum(['reminder', 'friend_pun']),
  title: z.string(),
  body: z.string(),
  /** spec §3: friend_pun carries the pun id. */
  punId: z.string().optional(),
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;
