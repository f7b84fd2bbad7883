// The challenge archive (issue 8): every past Los Angeles day with its challenge, how many puns it
// got and its top pun, and one day's puns ranked by crowns (then earliest). Today is not archive
// (it is still being played), and every list goes through visibleTo: no hidden puns but one's
// own, nothing by a player the viewer blocked, in the lists and in the counts alike.
import { sql } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import { type Db, queryRows } from '#server/db/connect';
import { BadRequest, NotFound } from '#server/errors';
import {
  PUN_COLUMNS as LIST_COLUMNS,
  type PunRow,
  toPublicPun,
} from '#server/features/feeds/pun-row';
import { visibleTo } from '#server/features/moderation/visibility';
import type { Challenge, PublicPun } from '#shared/api';
import type { ArchiveEntry } from '#shared/archive';
import { archiveMessages } from '#shared/archive';
import { laDayOf } from '#shared/la-day';

// The list columns, and the author's name by primary key.
const PUN_COLUMNS = sql`${LIST_COLUMNS},
  (select u.display_name from users u where u.id = p.user_id) as author_name`;

/** The archive's order, and the top pun's: most crowns, then earliest, then id for ties. */
const RANK_ORDER = sql`order by p.crown_count desc, p.created_at asc, p.id asc`;

interface ListRow extends PunRow {
  c_day: string;
  c_category: string;
  c_output: string;
  pun_count: number | string;
}

/** Past days, newest first, `limit` at a time; `cursor` is the last day of the previous page. */
export async function listArchive(
  db: Db,
  clock: Clock,
  viewerId: string,
  options: { cursor?: string | undefined; limit: number },
): Promise<{ days: ArchiveEntry[]; nextCursor: string | null }> {
  const today = laDayOf(clock.now());
  const before = options.cursor && options.cursor < today ? options.cursor : today;
  // A walk down the challenges' primary key; per day, one count and one short scan of
  // puns_day_top_idx for the top pun.
  const rows = await queryRows<ListRow>(
    db,
    sql`select c.day as c_day, c.category as c_category, c.output as c_output,
          (select count(*) from puns p where p.day = c.day and ${visibleTo(viewerId)}) as pun_count,
          top.*
        from challenges c
        left join lateral (
          select ${PUN_COLUMNS} from puns p
          where p.day = c.day and ${visibleTo(viewerId)}
          ${RANK_ORDER} limit 1
        ) top on true
        where c.day < ${before}
        order by c.day desc
        limit ${options.limit + 1}`,
  );
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return {
    days: page.map((row) => ({
      day: row.c_day,
      category: row.c_category,
      output: row.c_output,
      punCount: Number(row.pun_count),
      topPun: row.id ? toPublicPun(row) : null,
    })),
    nextCursor: rows.length > options.limit && last ? last.c_day : null,
  };
}

type RankCursor = { c: number; t: string; id: string };

function encodeCursor(value: RankCursor): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor(cursor: string | undefined): RankCursor | null {
  if (!cursor) return null;
  try {
    const value = JSON.parse(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    ) as Partial<RankCursor>;
    if (
      typeof value.c === 'number' &&
      Number.isInteger(value.c) &&
      value.c >= 0 &&
      typeof value.t === 'string' &&
      /^-?\d{1,20}$/.test(value.t) &&
      typeof value.id === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value.id)
    )
      return value as RankCursor;
  } catch {
    // fall through
  }
  throw new BadRequest(archiveMessages.badCursor, 'bad_cursor');
}

const fromMicros = (us: string) =>
  sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;

interface ChallengeRow extends Record<string, unknown> {
  day: string;
  category: string;
  output: string;
  ai_pun: string | null;
  ai_status: string;
  pun_count: number | string;
}

export interface ArchiveDayPage {
  challenge: Challenge;
  punCount: number;
  puns: PublicPun[];
  nextCursor: string | null;
}

/**
 * One past day: its challenge and a page of its puns ranked by crowns, then earliest (keyset on
 * crown_count, created_at, id). Today and later days are not archive; a day without a challenge
 * is not found.
 */
export async function archiveDay(
  db: Db,
  clock: Clock,
  viewerId: string,
  day: string,
  options: { cursor?: string | undefined; limit: number },
): Promise<ArchiveDayPage> {
  const today = laDayOf(clock.now());
  if (day === today) throw new NotFound(archiveMessages.today, 'archive_today');
  if (day > today) throw new NotFound(archiveMessages.future, 'archive_future');
  const cursor = decodeCursor(options.cursor);
  const [challenge] = await queryRows<ChallengeRow>(
    db,
    sql`select c.day, c.category, c.output, c.ai_pun, c.ai_status,
          (select count(*) from puns p where p.day = c.day and ${visibleTo(viewerId)}) as pun_count
        from challenges c where c.day = ${day}`,
  );
  if (!challenge) throw new NotFound(archiveMessages.noChallenge, 'archive_no_challenge');
  const after = cursor
    ? sql`and (p.crown_count < ${cursor.c}::int
              or (p.crown_count = ${cursor.c}::int
                  and (p.created_at, p.id) > (${fromMicros(cursor.t)}, ${cursor.id}::uuid)))`
    : sql``;
  const rows = await queryRows<PunRow>(
    db,
    sql`select ${PUN_COLUMNS} from puns p
        where p.day = ${day} ${after} and ${visibleTo(viewerId)}
        ${RANK_ORDER} limit ${options.limit + 1}`,
  );
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return {
    challenge: {
      day: challenge.day,
      category: challenge.category,
      output: challenge.output,
      aiPun: challenge.ai_pun,
      aiStatus: challenge.ai_status,
    },
    punCount: Number(challenge.pun_count),
    puns: page.map(toPublicPun),
    nextCursor:
      rows.length > options.limit && last
        ? encodeCursor({ c: last.crown_count, t: last.created_us, id: last.id })
        : null,
  };
}
