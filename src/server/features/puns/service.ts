// Submitting puns (spec §4 Submission, §5 Pun text): sanitized, one per user per Los Angeles day
// (a unique index decides races), copied from the day's challenge, announced to every browser.
import { and, eq } from 'drizzle-orm';
import { type Db, pgErrorOf, UNIQUE_VIOLATION } from '#server/db/connect';
import { puns, users } from '#server/db/schema';
import { BadRequest, Conflict } from '#server/errors';
import { publishEvent } from '#server/events/publish';
import { type ChallengeContext, ensureChallenge } from '#server/features/challenge/service';
import type { PushService } from '#server/features/push/service';
import type { Me, Pun } from '#shared/api';
import { PUN_MAX_LENGTH } from '#shared/constants';
import { laDayOf } from '#shared/la-day';
import { messages } from '#shared/messages';
import { sanitizePun } from '#shared/sanitize';

type PunRow = typeof puns.$inferSelect;

export function toPun(row: PunRow, authorName: string, myReaction: Pun['myReaction'] = null): Pun {
  return {
    id: row.id,
    text: row.text,
    userId: row.userId,
    authorName,
    category: row.category,
    output: row.output,
    day: row.day,
    createdAt: row.createdAt.toISOString(),
    reactions: {
      crown: row.crownCount,
      fire: row.fireCount,
      thinker: row.thinkerCount,
      laughing: row.laughingCount,
    },
    myReaction,
  };
}

/** spec §5: sanitize, and keep at most 280 characters (input beyond that is ignored). */
export function cleanPunText(text: string): string {
  const clean = sanitizePun(text);
  const kept = Array.from(clean).slice(0, PUN_MAX_LENGTH).join('').trim();
  if (!kept) throw new BadRequest(messages.submit.empty, 'empty_pun');
  return kept;
}

export interface PunsContext extends ChallengeContext {
  push?: Pick<PushService, 'notifyFriendsOfPun'>;
}

export async function submitPun(ctx: PunsContext, user: Me, rawText: string): Promise<Pun> {
  const text = cleanPunText(rawText);
  const day = laDayOf(ctx.clock.now());
  // Normally the scheduler made it already; right after midnight this request may be first.
  const { challenge } = await ensureChallenge(ctx, day);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(puns)
        .values({
          userId: user.id,
          day,
          text,
          category: challenge.category,
          output: challenge.output,
        })
        .returning();
      if (!inserted) throw new Error('pun insert returned nothing');
      await publishEvent(tx as unknown as Db, 'pun', { id: inserted.id, userId: user.id, day });
      return inserted;
    });
    // Committed: now (and not before) friends may be told.
    ctx.push?.notifyFriendsOfPun(row, user);
    return toPun(row, user.displayName);
  } catch (err) {
    const pgError = pgErrorOf(err);
    if (pgError?.code === UNIQUE_VIOLATION && pgError.constraint === 'puns_user_day_key') {
      throw new Conflict(messages.submit.done, 'already_submitted');
    }
    throw err;
  }
}

export async function myPunForDay(db: Db, userId: string, day: string): Promise<Pun | null> {
  const [found] = await db
    .select({ pun: puns, authorName: users.displayName })
    .from(puns)
    .innerJoin(users, eq(users.id, puns.userId))
    .where(and(eq(puns.userId, userId), eq(puns.day, day)))
    .limit(1);
  return found ? toPun(found.pun, found.authorName) : null;
}
