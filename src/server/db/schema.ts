// The one schema, for PGlite and PostgreSQL alike. Business rules are constraints here
// (unique indexes and checks), so that two concurrent requests cannot both win.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
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
