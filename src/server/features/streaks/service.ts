// Streaks (issue 8): a player's current and longest run of consecutive Los Angeles days with a
// pun, computed from the puns themselves so it can never disagree with them. puns.day is already
// the LA calendar day as text, so the arithmetic is on dates (day - n), never on 24-hour
// multiples of timestamps: a 23- or 25-hour DST day is one day like any other.
import { sql } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import { type Db, queryRows } from '#server/db/connect';
import { NotFound } from '#server/errors';
import { addDays, laDayOf } from '#shared/la-day';
import { messages } from '#shared/messages';
import type { StreakResponse } from '#shared/streaks';

interface StreakRow extends Record<string, unknown> {
  current: number | string | null;
  longest: number | string | null;
  last_day: string | null;
}

/**
 * One query, gaps and islands: over the player's days in order (an index-only walk of
 * puns_user_day_key), day minus its row number is constant within a run of consecutive days,
 * so grouping by it gives the runs. The current streak is the run that ends today or yesterday.
 */
export async function getStreak(db: Db, clock: Clock, userId: string): Promise<StreakResponse> {
  const today = laDayOf(clock.now());
  const yesterday = addDays(today, -1);
  const [row] = await queryRows<StreakRow>(
    db,
    sql`with days as (
          select p.day::date as d, row_number() over (order by p.day) as n
          from puns p
          where p.user_id = ${userId}::uuid and p.day <= ${today}
        ), runs as (
          select max(d) as last_day, count(*) as len
          from days group by d - n::int
        )
        select coalesce(max(len), 0)::int as longest,
               coalesce(max(len) filter (where last_day >= ${yesterday}::date), 0)::int as current,
               to_char(max(last_day), 'YYYY-MM-DD') as last_day
        from runs`,
  );
  return {
    userId,
    current: Number(row?.current ?? 0),
    longest: Number(row?.longest ?? 0),
    lastDay: row?.last_day ?? null,
    today,
  };
}

/** Another player's streak (their page): 404 for an id that is nobody's. */
export async function getPlayerStreak(
  db: Db,
  clock: Clock,
  userId: string,
): Promise<StreakResponse> {
  const [user] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where id = ${userId}::uuid`,
  );
  if (!user) throw new NotFound(messages.userPage.notFound, 'user_not_found');
  return getStreak(db, clock, userId);
}
