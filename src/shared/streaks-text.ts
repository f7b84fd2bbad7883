// Streaks (issue 8): labels and messages, without zod, so the client can import them without the
// schema library (streaks.ts re-exports them).

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
