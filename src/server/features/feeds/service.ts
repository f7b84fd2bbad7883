// Feeds (spec §2 Dashboard, §7 live listeners): Global today / yesterday / top of the week,
// Friends, one player's puns, and the landing page's top three. Every page is keyset-paged
// (a cursor, never an offset) and each query walks an index:
//   time ranges and players: puns_created_idx / puns_user_created_idx (created_at desc, id desc);
//   top of the week: one short index scan per Los Angeles day on puns_day_top_idx, merged.
import { type SQL, sql } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import { type Db, queryRows } from '#server/db/connect';
import { BadRequest } from '#server/errors';
import { publiclyVisible, visibleTo } from '#server/features/moderation/visibility';
import { TOP_PUNS_WINDOW_DAYS } from '#shared/constants';
import { addDays, laDayOf } from '#shared/la-day';
import type { SharedPage } from './cache.ts';
import { PUN_COLUMNS, type PunRow, toPublicPun } from './pun-row.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_RANGE_MS = 3 * DAY_MS;

const fromMicros = (us: string) =>
  sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;

type TimeCursor = { t: string; id: string };
type TopCursor = { c: number; t: string; id: string };

function encodeCursor(value: TimeCursor | TopCursor): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor<T extends TimeCursor | TopCursor>(
  cursor: string | undefined,
  top: boolean,
): T | null {
  if (!cursor) return null;
  try {
    const value = JSON.parse(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    ) as Partial<TopCursor>;
    const ok =
      typeof value.t === 'string' &&
      /^\d{1,20}$/.test(value.t) &&
      typeof value.id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(value.id) &&
      (!top || (typeof value.c === 'number' && Number.isInteger(value.c)));
    if (ok) return value as T;
  } catch {
    // fall through
  }
  throw new BadRequest('That page cursor is not valid; reload the feed.', 'bad_cursor');
}

async function withAuthors(db: Db, inner: SQL, order: SQL): Promise<PunRow[]> {
  return queryRows<PunRow>(
    db,
    // A primary-key lookup per pun of the page, never a join over every player: the cost
    // stays one page's worth however many players there are.
    sql`select p.*, (select u.display_name from users u where u.id = p.user_id) as author_name
        from (${inner}) p ${order}`,
  );
}

function sharedPage(
  rows: PunRow[],
  limit: number,
  cursorOf: (row: PunRow) => TimeCursor | TopCursor,
): SharedPage {
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return {
    puns: pageRows.map(toPublicPun),
    nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null,
  };
}

const TIME_ORDER = sql`order by p.created_at desc, p.id desc`;

/** The keyset condition for pages after `cursor` in newest-first order. */
function afterTimeCursor(cursor: TimeCursor | null): SQL {
  return cursor
    ? sql`and (p.created_at, p.id) < (${fromMicros(cursor.t)}, ${cursor.id}::uuid)`
    : sql``;
}
const timeCursorOf = (r: PunRow): TimeCursor => ({ t: r.created_us, id: r.id });

/** Puns created in [from, to), newest first (Global today and yesterday: the browser's days). */
export async function timeRangeFeed(
  db: Db,
  range: { from: Date; to: Date },
  options: { cursor?: string | undefined; limit: number },
): Promise<SharedPage> {
  if (!(range.from < range.to) || range.to.getTime() - range.from.getTime() > MAX_RANGE_MS) {
    throw new BadRequest(
      'The time range must run forwards and be at most 3 days long.',
      'bad_range',
    );
  }
  const cursor = decodeCursor<TimeCursor>(options.cursor, false);
  const after = afterTimeCursor(cursor);
  const rows = await withAuthors(
    db,
    sql`select ${PUN_COLUMNS} from puns p
        where p.created_at >= ${range.from.toISOString()}::timestamptz
          and p.created_at < ${range.to.toISOString()}::timestamptz ${after}
          and ${publiclyVisible}
        ${TIME_ORDER} limit ${options.limit + 1}`,
    TIME_ORDER,
  );
  return sharedPage(rows, options.limit, timeCursorOf);
}

/** spec §7: the last 7 days, most crowns first, then newest. */
export async function topWeekFeed(
  db: Db,
  clock: Clock,
  options: { cursor?: string | undefined; limit: number },
): Promise<SharedPage> {
  const now = clock.now();
  const since = new Date(now - TOP_PUNS_WINDOW_DAYS * DAY_MS);
  const cursor = decodeCursor<TopCursor>(options.cursor, true);
  const after = cursor
    ? sql`and (p.crown_count, p.created_at, p.id) < (${cursor.c}::int, ${fromMicros(cursor.t)}, ${cursor.id}::uuid)`
    : sql``;
  const order = sql`order by p.crown_count desc, p.created_at desc, p.id desc`;
  const days: string[] = [];
  for (let day = laDayOf(since); day <= laDayOf(now); day = addDays(day, 1)) days.push(day);
  // One arm per day, each walking puns_day_top_idx in order and stopping after a page; Merge
  // Append pulls only what the page needs from each, so cost does not grow with the puns. Only the oldest day is cut by time, and that cut is written
  // `is true` so it stays a filter on the ordered scan: as an index condition it turns the arm
  // into a bitmap scan of the whole day, whose cost grows with the number of puns.
  const perDay = days.map(
    (day, i) => sql`(select ${PUN_COLUMNS} from puns p
      where p.day = ${day}
        ${i === 0 ? sql`and (p.created_at >= ${since.toISOString()}::timestamptz) is true` : sql``}
        ${after}
        and ${publiclyVisible}
      ${order} limit ${options.limit + 1})`,
  );
  const rows = await withAuthors(
    db,
    sql`select * from (${sql.join(perDay, sql` union all `)}) p ${order} limit ${options.limit + 1}`,
    order,
  );
  return sharedPage(rows, options.limit, (r) => ({ c: r.crown_count, t: r.created_us, id: r.id }));
}

/** Puns of everyone the viewer counts as a friend, newest first. */
export async function friendsFeed(
  db: Db,
  viewerId: string,
  options: { cursor?: string | undefined; limit: number },
): Promise<SharedPage> {
  const cursor = decodeCursor<TimeCursor>(options.cursor, false);
  const after = afterTimeCursor(cursor);
  // Per friend, a short scan of their newest puns (puns_user_created_idx, in order, stopping at
  // the limit); the merge takes the newest overall. Blocked friends are dropped from the outer
  // list rather than per pun: a block check inside the scan made the planner read each friend's
  // whole history and sort it, which grew with the years (docs/performance.md, growth). A friend
  // is never the viewer, so visibleTo reduces to publiclyVisible inside.
  const rows = await withAuthors(
    db,
    sql`select p.* from friendships f
        cross join lateral (
          select ${PUN_COLUMNS} from puns p where p.user_id = f.friend_id ${after}
            and ${publiclyVisible}
          ${TIME_ORDER} limit ${options.limit + 1}
        ) p
        where f.user_id = ${viewerId}::uuid
          and not exists (select 1 from blocks b
                          where b.blocker_id = ${viewerId}::uuid and b.blocked_id = f.friend_id)
        ${TIME_ORDER} limit ${options.limit + 1}`,
    TIME_ORDER,
  );
  return sharedPage(rows, options.limit, timeCursorOf);
}

/**
 * One player's puns, newest first, as `viewerId` may see them: their own hidden puns included
 * (marked), nothing by a player they blocked. Without a viewer, only publicly visible puns.
 */
export async function playerFeed(
  db: Db,
  playerId: string,
  options: { cursor?: string | undefined; limit: number },
  viewerId?: string,
): Promise<SharedPage> {
  const cursor = decodeCursor<TimeCursor>(options.cursor, false);
  const after = afterTimeCursor(cursor);
  const visible = viewerId === undefined ? publiclyVisible : visibleTo(viewerId);
  const rows = await withAuthors(
    db,
    sql`select ${PUN_COLUMNS} from puns p where p.user_id = ${playerId}::uuid ${after}
          and ${visible}
        ${TIME_ORDER} limit ${options.limit + 1}`,
    TIME_ORDER,
  );
  return sharedPage(rows, options.limit, timeCursorOf);
}
