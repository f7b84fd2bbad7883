// Streaks (issue 8): the response schema and every user-visible text, for server, client and tests.
import { z } from 'zod';

export * from './streaks-text.ts';

export const streakResponse = z.object({
  userId: z.string(),
  /** Consecutive Los Angeles days with a pun, ending today or yesterday; 0 otherwise. */
  current: z.number().int().nonnegative(),
  /** The longest run of consecutive days with a pun, up to today. */
  longest: z.number().int().nonnegative(),
  /** The latest Los Angeles day with a pun (YYYY-MM-DD), or null before the first one. */
  lastDay: z.string().nullable(),
  /** The server's Los Angeles day, so the client can tell "kept today" from "still to keep". */
  today: z.string(),
});
export type StreakResponse = z.infer<typeof streakResponse>;
