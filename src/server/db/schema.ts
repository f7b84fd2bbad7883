// The one schema, for PGlite and PostgreSQL alike. Business rules are constraints here
// (unique indexes and checks), so that two concurrent requests cannot both win.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored normalised (trimmed, lower case): the unique index makes it case-insensitive.
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    displayNameLower: text('display_name_lower')
      .notNull()
      .generatedAlwaysAs(sql`lower(display_name)`),
    passwordHash: text('password_hash').notNull(),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(false),
    friendNotificationsEnabled: boolean('friend_notifications_enabled').notNull().default(false),
    crownCount: integer('crown_count').notNull().default(0),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    settingsUpdatedAt: timestamp('settings_updated_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    // Set by an operator (`npm run moderate -- ban`): no log-in, puns out of every public feed.
    bannedAt: timestamp('banned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // text_pattern_ops lets the same unique index serve friend search's prefix LIKE (spec §5).
    uniqueIndex('users_display_name_lower_key').on(t.displayNameLower.op('text_pattern_ops')),
    check('users_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
    check('users_display_name_not_blank', sql`btrim(${t.displayName}) <> ''`),
    check('users_crown_count_non_negative', sql`${t.crownCount} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the random token; the token itself only ever lives in the cookie.
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

// Fixed-window counters shared by every server instance (log-in, reset and sign-up limits).
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

// spec §3 Daily challenge: one row per Los Angeles day, kept as the archive.
export const challenges = pgTable(
  'challenges',
  {
    day: text('day').primaryKey(),
    category: text('category').notNull(),
    output: text('output').notNull(),
    aiPun: text('ai_pun'),
    aiStatus: text('ai_status').notNull().default('pending'),
    // Lease for the AI example job, so one instance generates it and a crashed one is taken over.
    aiClaimedAt: timestamp('ai_claimed_at', { withTimezone: true }),
    aiAttempts: integer('ai_attempts').notNull().default(0),
    source: text('source').notNull().default('scheduler'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('challenges_day_format', sql`${t.day} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check('challenges_ai_status', sql`${t.aiStatus} in ('pending', 'success', 'failed')`),
    check('challenges_source', sql`${t.source} in ('scheduler', 'operator')`),
  ],
);

// spec §3 Pun. Reaction counters live on the row (changed in the reaction's transaction), so
// feeds sort and show counts without counting.
export const puns = pgTable(
  'puns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day')
      .notNull()
      .references(() => challenges.day),
    text: text('text').notNull(),
    category: text('category').notNull(),
    output: text('output').notNull(),
    createdAt: createdAt(),
    crownCount: integer('crown_count').notNull().default(0),
    fireCount: integer('fire_count').notNull().default(0),
    thinkerCount: integer('thinker_count').notNull().default(0),
    laughingCount: integer('laughing_count').notNull().default(0),
    // Distinct players who reported the pun (kept in the report's transaction).
    reportCount: integer('report_count').notNull().default(0),
    // 'hidden' puns are out of every public feed (their author still sees them, marked);
    // 'restored' means an operator reviewed it, and further reports no longer hide it.
    moderation: text('moderation').notNull().default('visible'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  },
  (t) => [
    // spec §4/§5: one pun per user per Los Angeles day.
    uniqueIndex('puns_user_day_key').on(t.userId, t.day),
    index('puns_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('puns_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('puns_day_top_idx').on(
      t.day,
      t.crownCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('puns_text_length', sql`char_length(${t.text}) between 1 and 1000`),
    check('puns_moderation', sql`${t.moderation} in ('visible', 'hidden', 'restored')`),
    check('puns_report_count_non_negative', sql`${t.reportCount} >= 0`),
    check(
      'puns_counts_non_negative',
      sql`${t.crownCount} >= 0 and ${t.fireCount} >= 0 and ${t.thinkerCount} >= 0 and ${t.laughingCount} >= 0`,
    ),
  ],
);

// Change events: the id is the SSE Last-Event-ID; NOTIFY carries the row to every instance.
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('events_created_idx').on(t.createdAt)],
);

// spec §3 Pun reactions, §4 Reaction, §5 Reactions. The primary key is one reaction per user per
// pun; the partial unique index is one crown per giver per Los Angeles day across all puns
// (removing a crown frees the day's crown).
export const reactions = pgTable(
  'reactions',
  {
    punId: uuid('pun_id')
      .notNull()
      .references(() => puns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    givenDay: text('given_day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.punId, t.userId], name: 'reactions_pkey' }),
    uniqueIndex('reactions_one_crown_per_day').on(t.userId, t.givenDay).where(sql`kind = 'crown'`),
    index('reactions_user_pun_idx').on(t.userId, t.punId),
    check('reactions_kind', sql`${t.kind} in ('crown', 'fire', 'thinker', 'laughing')`),
  ],
);

// spec §4 Friendship: one-way, a friends list per user.
export const friendships = pgTable(
  'friendships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId], name: 'friendships_pkey' }),
    // Who counts me as a friend (friend-pun notifications).
    index('friendships_friend_idx').on(t.friendId),
    check('friendships_not_self', sql`${t.userId} <> ${t.friendId}`),
  ],
);

// Web Push (spec §3 push data, §4 Push notifications): one row per device's subscription.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

// Settings every instance must share (the VAPID key pair).
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

// Claims of scheduled work: the instance that inserts (job, key) first does it, once.
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.key], name: 'job_runs_pkey' }),
    index('job_runs_created_idx').on(t.createdAt),
  ],
);

// Report a pun (issue 8): once per reporter per pun.
export const reports = pgTable(
  'reports',
  {
    punId: uuid('pun_id')
      .notNull()
      .references(() => puns.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.punId, t.reporterId], name: 'reports_pkey' }),
    index('reports_reporter_idx').on(t.reporterId),
    check('reports_reason', sql`${t.reason} in ('offensive', 'spam', 'other')`),
    check('reports_note_length', sql`${t.note} is null or char_length(${t.note}) <= 500`),
  ],
);

// Block a player (issue 8): one-way; the blocker stops seeing the blocked player's puns, and
// neither can react to the other's puns or add the other as a friend.
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId], name: 'blocks_pkey' }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
