// Reactions (spec §4 Reaction, §5 Reactions, §6): one per user per pun, never on one's own pun,
// one crown per giver per Los Angeles day. Each rule is a constraint or happens inside one
// transaction that first locks the pun row, so concurrent requests cannot break them; counters on
// the pun and the author's crown total change in that same transaction.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import { type Db, pgErrorOf, queryRows, UNIQUE_VIOLATION } from '#server/db/connect';
import { reactions, users } from '#server/db/schema';
import { Conflict, Forbidden, NotFound } from '#server/errors';
import { notifyInternal, publishEvent } from '#server/events/publish';
import { ReactionBlocked } from '#server/features/moderation/errors';
import { lockAndCheckBlocked } from '#server/features/moderation/service';
import type { Me, ReactionCounts, ReactionKey, ReactionResponse } from '#shared/api';
import { laDayOf } from '#shared/la-day';
import { messages } from '#shared/messages';

export class OwnPunReaction extends Forbidden {
  constructor() {
    super(messages.reactions.ownPun, 'own_pun');
  }
}

export class CrownAlreadyGiven extends Conflict {
  constructor() {
    super(messages.reactions.oneCrown, 'crown_already_given');
  }
}

const counterColumn: Record<ReactionKey, string> = {
  crown: 'crown_count',
  fire: 'fire_count',
  thinker: 'thinker_count',
  laughing: 'laughing_count',
};

interface PunCountsRow extends Record<string, unknown> {
  user_id: string;
  crown_count: number;
  fire_count: number;
  thinker_count: number;
  laughing_count: number;
}

function countsOf(row: PunCountsRow): ReactionCounts {
  return {
    crown: row.crown_count,
    fire: row.fire_count,
    thinker: row.thinker_count,
    laughing: row.laughing_count,
  };
}

export interface ReactionsContext {
  db: Db;
  clock: Clock;
}

const MAX_ATTEMPTS = 5;

/**
 * Sets the user's reaction on a pun: a new key adds or replaces it, the same key again clears it
 * (spec §4). `reaction: null` clears whatever is there.
 */
export async function setReaction(
  ctx: ReactionsContext,
  user: Me,
  punId: string,
  reaction: ReactionKey | null,
): Promise<ReactionResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await setReactionOnce(ctx, user, punId, reaction);
    } catch (err) {
      const pgError = pgErrorOf(err);
      if (
        pgError?.code === UNIQUE_VIOLATION &&
        pgError.constraint === 'reactions_one_crown_per_day'
      ) {
        throw new CrownAlreadyGiven();
      }
      // Deadlock or serialization failure under heavy contention: the transaction is safe to redo.
      if ((pgError?.code === '40P01' || pgError?.code === '40001') && attempt < MAX_ATTEMPTS)
        continue;
      throw err;
    }
  }
}

async function setReactionOnce(
  ctx: ReactionsContext,
  user: Me,
  punId: string,
  requested: ReactionKey | null,
): Promise<ReactionResponse> {
  const today = laDayOf(ctx.clock.now());
  const result = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Locking the pun serialises every reaction change on it.
    const [target] = await queryRows<PunCountsRow>(
      tx,
      sql`select user_id, crown_count, fire_count, thinker_count, laughing_count
          from puns where id = ${punId} for update`,
    );
    if (!target) throw new NotFound('That pun does not exist.', 'pun_not_found');
    if (target.user_id === user.id) throw new OwnPunReaction();

    const [existing] = await tx
      .select({ kind: reactions.kind })
      .from(reactions)
      .where(and(eq(reactions.punId, punId), eq(reactions.userId, user.id)))
      .limit(1);
    const before = (existing?.kind ?? null) as ReactionKey | null;
    const after = requested === before ? null : requested;
    if (after === before)
      return { counts: countsOf(target), mine: before, author: target.user_id, crownDelta: 0 };
    // Issue 8: no reaction between two players when either blocked the other (clearing is fine).
    if (after !== null && (await lockAndCheckBlocked(tx, user.id, target.user_id)))
      throw new ReactionBlocked();

    if (after === null) {
      await tx
        .delete(reactions)
        .where(and(eq(reactions.punId, punId), eq(reactions.userId, user.id)));
    } else if (before === null) {
      await tx.insert(reactions).values({ punId, userId: user.id, kind: after, givenDay: today });
    } else {
      await tx
        .update(reactions)
        .set({ kind: after, givenDay: today, createdAt: new Date(ctx.clock.now()) })
        .where(and(eq(reactions.punId, punId), eq(reactions.userId, user.id)));
    }

    const changes: string[] = [];
    if (before) changes.push(`${counterColumn[before]} = ${counterColumn[before]} - 1`);
    if (after) changes.push(`${counterColumn[after]} = ${counterColumn[after]} + 1`);
    const [updated] = await queryRows<PunCountsRow>(
      tx,
      sql`update puns set ${sql.raw(changes.join(', '))} where id = ${punId}
          returning user_id, crown_count, fire_count, thinker_count, laughing_count`,
    );
    if (!updated) throw new NotFound('That pun does not exist.', 'pun_not_found');

    const crownDelta = (after === 'crown' ? 1 : 0) - (before === 'crown' ? 1 : 0);
    let authorCrowns: number | undefined;
    if (crownDelta !== 0) {
      const [author] = await tx
        .update(users)
        .set({ crownCount: sql`${users.crownCount} + ${crownDelta}` })
        .where(eq(users.id, updated.user_id))
        .returning({ crownCount: users.crownCount });
      authorCrowns = author?.crownCount;
    }
    const counts = countsOf(updated);
    await notifyInternal(tx, { kind: 'reaction_changed', userId: user.id, punId });
    if (crownDelta !== 0)
      await notifyInternal(tx, { kind: 'user_changed', userId: updated.user_id });
    await publishEvent(tx, 'reactions', { punId, reactions: counts });
    if (authorCrowns !== undefined) {
      await publishEvent(tx, 'crowns', { userId: updated.user_id, crownCount: authorCrowns });
    }
    return { counts, mine: after, author: updated.user_id, crownDelta };
  });
  return { punId, reactions: result.counts, myReaction: result.mine };
}

/** The viewer's own reactions on some puns (for feed pages). */
export async function myReactionsOn(db: Db, userId: string, punIds: string[]) {
  const mine = new Map<string, ReactionKey>();
  if (punIds.length === 0) return mine;
  const rows = await db
    .select({ punId: reactions.punId, kind: reactions.kind })
    .from(reactions)
    .where(and(eq(reactions.userId, userId), inArray(reactions.punId, punIds)));
  for (const row of rows) mine.set(row.punId, row.kind as ReactionKey);
  return mine;
}
