// Fixed-window counters kept in the database, so a limit holds across every server instance.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#server/db/connect';
import { RateLimited } from '#server/errors';

export interface Limit {
  /** How many events the window allows. */
  max: number;
  windowMs: number;
}

type Row = { count: number; retry_after: number };

/** Counts one event for the key; throws RateLimited once the window's allowance is used up. */
export async function consume(db: Db, key: string, limit: Limit): Promise<void> {
  const [row] = await queryRows<Row>(
    db,
    sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - ${limit.windowMs}::int * interval '1 millisecond'
        then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - ${limit.windowMs}::int * interval '1 millisecond'
        then now() else rate_limits.window_start end
    returning count,
      ceil(extract(epoch from (window_start + ${limit.windowMs}::int * interval '1 millisecond' - now())))::int as retry_after`,
  );
  if (row && row.count > limit.max) throw new RateLimited(Math.max(1, row.retry_after));
}

/** Throws RateLimited if the key has already used its allowance, without counting this call. */
export async function check(db: Db, key: string, limit: Limit): Promise<void> {
  const [row] = await queryRows<Row>(
    db,
    sql`
    select count,
      ceil(extract(epoch from (window_start + ${limit.windowMs}::int * interval '1 millisecond' - now())))::int as retry_after
    from rate_limits
    where key = ${key} and window_start > now() - ${limit.windowMs}::int * interval '1 millisecond'`,
  );
  if (row && row.count >= limit.max) throw new RateLimited(Math.max(1, row.retry_after));
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Forgets windows that ended long ago; run from time to time. */
export async function pruneExpired(db: Db, olderThanMs: number): Promise<void> {
  await db.execute(
    sql`delete from rate_limits where window_start < now() - ${olderThanMs}::int * interval '1 millisecond'`,
  );
}
