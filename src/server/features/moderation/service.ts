// Report and block (issue 8), the players' side. Each rule is a constraint or happens inside one
// transaction: a report is once per reporter per pun (primary key), its count and the hiding
// change with it; a block and the friendships it ends change together, and takes the same row
// locks that reactions and friend requests take, so none of them can slip past a block.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#server/db/connect';
import { BadRequest, NotFound } from '#server/errors';
import { notifyInternal, publishEvent } from '#server/events/publish';
import type { UserSummary } from '#shared/api';
import { messages } from '#shared/messages';
import { moderationMessages, REPORT_NOTE_MAX_LENGTH, type ReportRequest } from '#shared/moderation';
import { AlreadyReported, OwnPunReport, PunNotFound, SelfBlock } from './errors.ts';

export interface ReportContext {
  db: Db;
  /** Distinct reporters that hide a pun (config REPORT_HIDE_THRESHOLD). */
  reportHideThreshold: number;
}

export interface ReportOutcome {
  reportCount: number;
  /** The pun is hidden now (by this report or before it). */
  hidden: boolean;
  /** This report is the one that hid it. */
  becameHidden: boolean;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
const CONTROL_EXCEPT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

/** A note as stored: no control characters (operators read it in a terminal), trimmed, or null. */
export function cleanNote(note: string | undefined): string | null {
  const cleaned = (note ?? '').replace(/\r\n?/g, '\n').replace(CONTROL_EXCEPT_NEWLINE, '').trim();
  if (!cleaned) return null;
  if ([...cleaned].length > REPORT_NOTE_MAX_LENGTH)
    throw new BadRequest(moderationMessages.noteTooLong, 'note_too_long');
  return cleaned;
}

/**
 * Reports a pun, once per reporter. The report, the pun's report count and, when the count
 * reaches the threshold, the hiding happen in one transaction that locks the pun row, so
 * simultaneous reports count exactly. A pun an operator restored stays visible.
 */
export async function reportPun(
  ctx: ReportContext,
  reporterId: string,
  punId: string,
  input: ReportRequest,
): Promise<ReportOutcome> {
  const note = cleanNote(input.note);
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [pun] = await queryRows<{ user_id: string; moderation: string }>(
      tx,
      sql`select user_id, moderation from puns where id = ${punId}::uuid for update`,
    );
    if (!pun) throw new PunNotFound();
    if (pun.user_id === reporterId) throw new OwnPunReport();
    const inserted = await queryRows(
      tx,
      sql`insert into reports (pun_id, reporter_id, reason, note)
          values (${punId}::uuid, ${reporterId}::uuid, ${input.reason}, ${note})
          on conflict do nothing returning pun_id`,
    );
    if (inserted.length === 0) throw new AlreadyReported();
    // SET expressions read the row as it was: report_count + 1 is the new count.
    const reaches = sql`moderation = 'visible' and report_count + 1 >= ${ctx.reportHideThreshold}::int`;
    const [updated] = await queryRows<{ report_count: number; moderation: string }>(
      tx,
      sql`update puns set
            report_count = report_count + 1,
            moderated_at = case when ${reaches} then now() else moderated_at end,
            moderation = case when ${reaches} then 'hidden' else moderation end
          where id = ${punId}::uuid
          returning report_count, moderation`,
    );
    if (!updated) throw new PunNotFound();
    const becameHidden = pun.moderation !== 'hidden' && updated.moderation === 'hidden';
    if (becameHidden) {
      await publishEvent(tx, 'moderation', { punId, userId: pun.user_id, hidden: true });
    }
    return {
      reportCount: updated.report_count,
      hidden: updated.moderation === 'hidden',
      becameHidden,
    };
  });
}

/**
 * Locks both players' rows (in id order, so two such transactions cannot deadlock) and tells
 * whether either blocked the other. Reactions and friend requests take the key-share lock; a
 * block takes the update lock, so it waits for them and they wait for it, and whichever comes
 * second sees the other's result. Call inside a transaction.
 */
export async function lockAndCheckBlocked(tx: Db, a: string, b: string): Promise<boolean> {
  await tx.execute(
    sql`select id from users where id in (${a}::uuid, ${b}::uuid) order by id for key share`,
  );
  const rows = await queryRows(
    tx,
    sql`select 1 from blocks
        where (blocker_id = ${a}::uuid and blocked_id = ${b}::uuid)
           or (blocker_id = ${b}::uuid and blocked_id = ${a}::uuid)
        limit 1`,
  );
  return rows.length > 0;
}

async function lockPairForBlock(tx: Db, blockerId: string, blockedId: string) {
  await tx.execute(
    sql`select id from users where id in (${blockerId}::uuid, ${blockedId}::uuid) order by id for update`,
  );
  const [target] = await queryRows<{ id: string; display_name: string }>(
    tx,
    sql`select id, display_name from users where id = ${blockedId}::uuid`,
  );
  if (!target) throw new NotFound(messages.userPage.notFound, 'user_not_found');
  return { id: target.id, displayName: target.display_name };
}

/**
 * Blocks a player (again is fine): their puns leave the blocker's feeds and search, and the
 * friendships between the two, both ways, end in the same transaction.
 */
export async function blockPlayer(db: Db, blockerId: string, blockedId: string) {
  if (blockerId === blockedId) throw new SelfBlock();
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const target = await lockPairForBlock(tx, blockerId, blockedId);
    await tx.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${blockerId}::uuid, ${blockedId}::uuid)
          on conflict do nothing`,
    );
    await tx.execute(
      sql`delete from friendships
          where (user_id = ${blockerId}::uuid and friend_id = ${blockedId}::uuid)
             or (user_id = ${blockedId}::uuid and friend_id = ${blockerId}::uuid)`,
    );
    await notifyInternal(tx, { kind: 'blocks_changed', userId: blockerId });
    return target;
  });
}

/** Unblocks a player (not blocked is fine). */
export async function unblockPlayer(db: Db, blockerId: string, blockedId: string) {
  if (blockerId === blockedId) throw new SelfBlock();
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const target = await lockPairForBlock(tx, blockerId, blockedId);
    await tx.execute(
      sql`delete from blocks where blocker_id = ${blockerId}::uuid and blocked_id = ${blockedId}::uuid`,
    );
    await notifyInternal(tx, { kind: 'blocks_changed', userId: blockerId });
    return target;
  });
}

/** The players the viewer blocked, by name (the unblock list). */
export async function listBlocked(db: Db, viewerId: string): Promise<UserSummary[]> {
  const rows = await queryRows<{ id: string; display_name: string }>(
    db,
    sql`select u.id, u.display_name from blocks b join users u on u.id = b.blocked_id
        where b.blocker_id = ${viewerId}::uuid
        order by u.display_name_lower`,
  );
  return rows.map((r) => ({ id: r.id, displayName: r.display_name }));
}

/** Ids of the players the viewer blocked (for the per-viewer feed filter). */
export async function blockedIdsOf(db: Db, viewerId: string): Promise<string[]> {
  const rows = await queryRows<{ blocked_id: string }>(
    db,
    sql`select blocked_id from blocks where blocker_id = ${viewerId}::uuid`,
  );
  return rows.map((r) => r.blocked_id);
}
