// Publishing a change event: a row in `events` (its id is the SSE Last-Event-ID) and a NOTIFY that
// carries it to every server instance. Inside a transaction, NOTIFY is delivered only on commit,
// so nobody hears of a change that was rolled back.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#server/db/connect';
import type { LiveEventType } from '#shared/api';

export const EVENTS_CHANNEL = 'punday_events';

export interface StoredEvent {
  id: number;
  type: LiveEventType;
  data: unknown;
}

export async function publishEvent(
  db: Db,
  type: LiveEventType,
  data: object,
): Promise<StoredEvent> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`insert into events (type, payload) values (${type}, ${JSON.stringify(data)}::jsonb) returning id`,
  );
  const event: StoredEvent = { id: Number(row?.id), type, data };
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
  return event;
}

/** Events after `afterId`, oldest first (for a reconnecting client's Last-Event-ID). */
export async function eventsAfter(db: Db, afterId: number, limit: number): Promise<StoredEvent[]> {
  const rows = await queryRows<{ id: string | number; type: LiveEventType; payload: unknown }>(
    db,
    sql`select id, type, payload from events where id > ${afterId} order by id limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), type: r.type, data: r.payload }));
}

export async function latestEventId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: string | number | null }>(
    db,
    sql`select max(id) as id from events`,
  );
  return Number(row?.id ?? 0);
}

export async function pruneEvents(db: Db, olderThanMs: number): Promise<void> {
  await db.execute(
    sql`delete from events where created_at < now() - ${olderThanMs}::int * interval '1 millisecond'`,
  );
}

// Cache invalidation between server instances: NOTIFY only (nothing to replay, never sent to
// browsers). Inside a transaction it is delivered on commit, like the public events.
export const INTERNAL_CHANNEL = 'punday_internal';

export type InternalEvent =
  | { kind: 'session_revoked'; tokenHash: string }
  | { kind: 'user_sessions_revoked'; userId: string }
  | { kind: 'user_changed'; userId: string }
  | { kind: 'reaction_changed'; userId: string; punId: string }
  /** `userId` blocked or unblocked someone: their blocked-players set changed. */
  | { kind: 'blocks_changed'; userId: string };

export async function notifyInternal(db: Db, event: InternalEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${INTERNAL_CHANNEL}, ${JSON.stringify(event)})`);
}
