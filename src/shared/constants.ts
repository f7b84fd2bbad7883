// Spec §9 business constants. Both server and client import these; tests assert against them.

export const APP_NAME = 'Punday';

export const PUN_MAX_LENGTH = 280; // spec §5
export const PUN_WARNING_AFTER = 224; // spec §5: counter turns orange above this
export const PUN_SANITIZED_MAX_LENGTH = 1000; // spec §5

export const PASSWORD_MIN_LENGTH = 6; // spec §5, §9
export const PASSWORD_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const DISPLAY_NAME_MAX_LENGTH = 40;

export const FRIEND_SEARCH_LIMIT = 10; // spec §5
export const TOP_PUNS_WINDOW_DAYS = 7; // spec §9
export const LANDING_TOP_PUNS = 3; // spec §9

export const DISPLAY_NAME_MESSAGE_CLEAR_MS = 5_000; // spec §9
export const COUNTDOWN_TICK_MS = 1_000; // spec §9
export const REMINDER_HOUR_LA = 18; // spec §9: 6 PM reminder
export const DUPLICATE_NOTIFICATION_WINDOW_MS = 5_000; // spec §9
export const FRIEND_PUN_NOTIFICATION_CLOSE_MS = 4_000; // spec §9
export const CHUNK_LOAD_TIMEOUT_MS = 120_000; // spec §7, §9

export const GAME_TIME_ZONE = 'America/Los_Angeles'; // spec §9

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000; // one hour

// spec §9 fallback categories, also used by the header when the challenge cannot load (spec §8)
export const FALLBACK_CATEGORIES = [
  'Adventure',
  'Movies',
  'Food',
  'Sports',
  'Music',
  'Technology',
  'Books',
  'Travel',
  'Animals',
  'Art',
] as const;
export const FALLBACK_OUTPUT = 'Restaurant Name';

export const DASHBOARD_TABS = ['global', 'friends', 'create', 'manage'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

// The reaction kinds, in display order (DESIGN.md: one canonical set of keys).
export const REACTION_KEYS = ['crown', 'fire', 'thinker', 'laughing'] as const;
export type ReactionKey = (typeof REACTION_KEYS)[number];

// The live event types of GET /api/events (their payloads are api.ts's liveEvents).
export const LIVE_EVENT_TYPES = [
  'challenge',
  'pun',
  'reactions',
  'crowns',
  'resync',
  'moderation',
] as const;
