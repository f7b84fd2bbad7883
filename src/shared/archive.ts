// The challenge archive (issue 8): past days and their puns. Request and response schemas, limits
// and every user-visible message, for the server, the client and the tests alike.
import { z } from 'zod';
import { challenge, FEED_PAGE_MAX, publicPun, pun } from './api.ts';
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

const dayField = z
  .string({ error: archiveMessages.badDay })
  .refine(isCalendarDay, { error: archiveMessages.badDay });

/** "November 21, 2026" for '2026-11-21': the calendar day itself, whatever the reader's zone. */
export function formatArchiveDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

export const archiveListQuery = z.object({
  /** The last day of the previous page: this page starts with the day before it. */
  cursor: z
    .string()
    .max(10, archiveMessages.badCursor)
    .refine(isCalendarDay, { error: archiveMessages.badCursor })
    .optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(ARCHIVE_PAGE_DEFAULT),
});
export type ArchiveListQuery = z.input<typeof archiveListQuery>;

export const archiveEntry = z.object({
  day: z.string(),
  category: z.string(),
  output: z.string(),
  /** Puns of that day the viewer may see. */
  punCount: z.number().int().nonnegative(),
  /** Most crowns, then earliest; null when nobody played. */
  topPun: publicPun.nullable(),
});
export type ArchiveEntry = z.infer<typeof archiveEntry>;

export const archiveListResponse = z.object({
  days: z.array(archiveEntry),
  nextCursor: z.string().nullable(),
});
export type ArchiveListResponse = z.infer<typeof archiveListResponse>;

export const archiveDayParams = z.object({ day: dayField });

export const archiveDayQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(ARCHIVE_PAGE_DEFAULT),
});

/** A page of the day's puns, ranked by crowns then earliest, with the day's challenge. */
export const archiveDayResponse = z.object({
  challenge,
  punCount: z.number().int().nonnegative(),
  puns: z.array(pun),
  nextCursor: z.string().nullable(),
});
export type ArchiveDayResponse = z.infer<typeof archiveDayResponse>;
