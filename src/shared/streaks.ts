// Streaks (issue 8): the response schema and every user-visible text, for server, client and tests.
import { z } from 'zod';

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

/** "1-day streak", "5-day streak": the pill's accessible name. */
export function streakLabel(days: number): string {
  return `${days}-day streak`;
}

/** "1 day", "5 days". */
export function dayCount(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

export const streakMessages = {
  /** The header pill's tooltip once today's pun is in. */
  keptToday: "You've kept your streak today.",
  /** The header pill's tooltip when the streak ended yesterday and today is still open. */
  keepItGoing: "Submit today's pun to keep your streak going.",
  currentHeading: 'Current streak',
  longestHeading: 'Longest streak',
  loadFailed: 'Unable to load the streak.',
} as const;
