// Report and block (issue 8), the operator's side (`npm run moderate`): what waits for review,
// hiding and restoring a pun, banning a player. Every change publishes what the server instances
// and the browsers need to hear: feeds drop a hidden pun, sessions of a banned player end.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#server/db/connect';
import { notifyInternal, publishEvent } from '#server/events/publish';
import type { ReportReason } from '#shared/moderation';

export interface ReviewReport {
  reason: ReportReason;
  note: string | null;
  reporterName: string;
  createdAt: Date;
}

export interface ReviewItem {
  punId: string;
  text: string;
  day: string;
  authorId: string;
  authorName: string;
  moderation: 'visible' | 'hidden' | 'restored';
  moderatedAt: Date | null;
  reportCount: number;
  reports: ReviewReport[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/**
 * Puns waiting for review: hidden ones whose author is not banned (a ban's puns are settled),
 * oldest hiding first; with `includeVisible`, also reported puns still shown (visible or restored).
 */
export async function listForReview(
  db: Db,
  options: { includeVisible?: boolean; limit?: number } = {},
): Promise<ReviewItem[]> {
  const which = options.includeVisible
    ? sql`(p.moderation = 'hidden' or p.report_count > 0)`
    : sql`p.moderation = 'hidden'`;
  const puns = await queryRows<{
    id: string;
    text: string;
    day: string;
    user_id: string;
    author_name: string;
    moderation: ReviewItem['moderation'];
    moderated_at: string | Date | null;
    report_count: number;
  }>(
    db,
    sql`select p.id, p.text, p.day, p.user_id, u.display_name as author_name, p.moderation,
          p.moderated_at, p.report_count
        from puns p join users u on u.id = p.user_id
        where ${which} and u.banned_at is null
        order by (p.moderation = 'hidden') desc, p.moderated_at nulls last, p.report_count desc,
          p.created_at, p.id
        limit ${options.limit ?? 100}`,
  );
  if (puns.length === 0) return [];
  const reports = await queryRows<{
    pun_id: string;
    reason: ReportReason;
    note: string | null;
    reporter_name: string;
    created_at: string | Date;
  }>(
    db,
    sql`select r.pun_id, r.reason, r.note, u.display_name as reporter_name, r.created_at
        from reports r join users u on u.id = r.reporter_id
        where r.pun_id in (${sql.join(
          puns.map((p) => sql`${p.id}::uuid`),
          sql`, `,
        )})
        order by r.created_at, r.reporter_id`,
  );
  return puns.map((p) => ({
    punId: p.id,
    text: p.text,
    day: p.day,
    authorId: p.user_id,
    authorName: p.author_name,
    moderation: p.moderation,
    moderatedAt: p.moderated_at === null ? null : new Date(p.moderated_at),
    reportCount: p.report_count,
    reports: reports
      .filter((r) => r.pun_id === p.id)
      .map((r) => ({
        reason: r.reason,
        note: r.note,
        reporterName: r.reporter_name,
        createdAt: new Date(r.created_at),
      })),
  }));
}

export type ModerationChange = 'changed' | 'unchanged' | 'not_found';

async function setModeration(
  db: Db,
  punId: string,
  to: 'hidden' | 'restored',
): Promise<{ result: ModerationChange; text?: string; authorName?: string }> {
  if (!isUuid(punId)) return { result: 'not_found' };
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [pun] = await queryRows<{
      user_id: string;
      moderation: string;
      text: string;
      author_name: string;
    }>(
      tx,
      sql`select p.user_id, p.moderation, p.text,
            (select display_name from users u where u.id = p.user_id) as author_name
          from puns p where p.id = ${punId}::uuid for update`,
    );
    if (!pun) return { result: 'not_found' };
    const info = { text: pun.text, authorName: pun.author_name };
    if (pun.moderation === to) return { result: 'unchanged', ...info };
    await tx.execute(
      sql`update puns set moderation = ${to}, moderated_at = now() where id = ${punId}::uuid`,
    );
    const wasHidden = pun.moderation === 'hidden';
    const nowHidden = to === 'hidden';
    if (wasHidden !== nowHidden) {
      await publishEvent(tx, 'moderation', { punId, userId: pun.user_id, hidden: nowHidden });
    }
    return { result: 'changed', ...info };
  });
}

/** Hides a pun from every shared list (its author still sees it, marked). */
export function hidePun(db: Db, punId: string) {
  return setModeration(db, punId, 'hidden');
}

/** Shows a pun again after review; further reports are counted but no longer hide it. */
export function restorePun(db: Db, punId: string) {
  return setModeration(db, punId, 'restored');
}

export interface BanOutcome {
  result: 'banned' | 'already_banned' | 'not_found';
  displayName?: string;
  sessionsEnded?: number;
  punsHidden?: number;
}

/**
 * Bans a player: no more log-ins, every session ends (on every instance: the session caches hear
 * it), and every pun of theirs is hidden. Banning again re-applies it (a no-op unless something
 * slipped through).
 */
export async function banPlayer(db: Db, userId: string): Promise<BanOutcome> {
  if (!isUuid(userId)) return { result: 'not_found' };
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [user] = await queryRows<{ display_name: string; banned_at: string | Date | null }>(
      tx,
      sql`select display_name, banned_at from users where id = ${userId}::uuid for update`,
    );
    if (!user) return { result: 'not_found' };
    if (user.banned_at === null) {
      await tx.execute(sql`update users set banned_at = now() where id = ${userId}::uuid`);
    }
    const sessions = await queryRows(
      tx,
      sql`delete from sessions where user_id = ${userId}::uuid returning token_hash`,
    );
    const hidden = await queryRows(
      tx,
      sql`update puns set moderation = 'hidden', moderated_at = now()
          where user_id = ${userId}::uuid and moderation <> 'hidden'
          returning id`,
    );
    await notifyInternal(tx, { kind: 'user_sessions_revoked', userId });
    if (hidden.length > 0) {
      // One event for all of them: a NOTIFY payload cannot carry thousands of ids.
      await publishEvent(tx, 'moderation', { userId, hidden: true });
    }
    return {
      result: user.banned_at === null ? 'banned' : 'already_banned',
      displayName: user.display_name,
      sessionsEnded: sessions.length,
      punsHidden: hidden.length,
    };
  });
}
