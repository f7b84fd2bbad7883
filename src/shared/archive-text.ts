// The challenge archive (issue 8): page size, messages and day helpers, without zod, so the client
// can import them without the schema library (archive.ts re-exports them).
import { LA_DAY_PATTERN } from './la-day.ts';

export const ARCHIVE_PAGE_DEFAULT = 20;

export const archiveMessages = {
  badDay: 'That is not a date. Use one like 2026-11-21.',
  badCursor: 'That page cursor is not valid; reload the archive.',
  noChallenge: 'There was no challenge on that day.',
  today: "Today's challenge isn't in the archive yet: play it on your dashboard.",
  future: "That day hasn't happened yet.",
  empty: 'No past challenges yet. Come back tomorrow to see how today went.',
  emptyDay: 'Nobody submitted a pun that day.',
  loadFailed: 'Unable to load the archive. Please try refreshing the page.',
  loadDayFailed: "Unable to load that day's puns. Please try refreshing the page.",
  backToArchive: 'Back to archive',
  title: 'Archive',
} as const;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!LA_DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** "November 21, 2026" for '2026-11-21': the calendar day itself, whatever the reader's zone. */
export function formatArchiveDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}
