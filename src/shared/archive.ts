// The challenge archive (issue 8): past days and their puns. Request and response schemas, limits
// and every user-visible message, for the server, the client and the tests alike.
import { z } from 'zod';
import { challenge, FEED_PAGE_MAX, publicPun, pun } from './api.ts';
import { ARCHIVE_PAGE_DEFAULT, archiveMessages, isCalendarDay } from './archive-text.ts';

export * from './archive-text.ts';

const dayField = z
  .string({ error: archiveMessages.badDay })
  .refine(isCalendarDay, { error: archiveMessages.badDay });

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
