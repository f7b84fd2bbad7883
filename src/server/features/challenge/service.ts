// Daily challenges (spec §3, §4): one per Los Angeles day, created exactly once however many
// instances race (the day is the primary key), then given an AI example pun by one instance
// (a lease on the row).
import { randomInt } from 'node:crypto';
import { and, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/connect';
import { challenges } from '#server/db/schema';
import { BadRequest } from '#server/errors';
import { publishEvent } from '#server/events/publish';
import type { PunGenerator } from '#server/features/ai/generator';
import type { Challenge } from '#shared/api';
import { addDays, LA_DAY_PATTERN } from '#shared/la-day';
import { CATEGORIES, CATEGORY_REPEAT_WINDOW_DAYS, OUTPUTS } from './catalog.ts';

export interface ChallengeContext {
  db: Db;
  clock: Clock;
  generator: PunGenerator;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

type ChallengeRow = typeof challenges.$inferSelect;

export function toChallenge(row: ChallengeRow): Challenge {
  return {
    day: row.day,
    category: row.category,
    output: row.output,
    aiPun: row.aiPun,
    aiStatus: row.aiStatus,
  };
}

export async function getChallenge(db: Db, day: string): Promise<ChallengeRow | undefined> {
  const [row] = await db.select().from(challenges).where(eq(challenges.day, day)).limit(1);
  return row;
}

function pick<T>(items: readonly T[]): T {
  const item = items[randomInt(items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

/** A category not used within 14 days either side of `day`, and an output unlike the day before. */
export async function chooseChallenge(
  db: Db,
  day: string,
): Promise<{ category: string; output: string }> {
  const nearby = await db
    .select({ day: challenges.day, category: challenges.category, output: challenges.output })
    .from(challenges)
    .where(
      and(
        gte(challenges.day, addDays(day, -(CATEGORY_REPEAT_WINDOW_DAYS - 1))),
        lte(challenges.day, addDays(day, CATEGORY_REPEAT_WINDOW_DAYS - 1)),
        ne(challenges.day, day),
      ),
    );
  const recentCategories = new Set(nearby.map((c) => c.category.toLowerCase()));
  const freshCategories = CATEGORIES.filter((c) => !recentCategories.has(c.toLowerCase()));
  const yesterday = nearby.find((c) => c.day === addDays(day, -1));
  const outputs = OUTPUTS.filter((o) => o !== yesterday?.output);
  return {
    category: pick(freshCategories.length > 0 ? freshCategories : CATEGORIES),
    output: pick(outputs.length > 0 ? outputs : OUTPUTS),
  };
}

/**
 * Makes sure `day` has a challenge. The insert is the claim: with several instances racing,
 * exactly one creates it (and announces it and starts its AI example); the others find it.
 */
export async function ensureChallenge(
  ctx: ChallengeContext,
  day: string,
): Promise<{ challenge: ChallengeRow; created: boolean; aiJob?: Promise<void> }> {
  const existing = await getChallenge(ctx.db, day);
  if (existing) return { challenge: existing, created: false };
  const choice = await chooseChallenge(ctx.db, day);
  const [inserted] = await ctx.db
    .insert(challenges)
    .values({ day, ...choice })
    .onConflictDoNothing({ target: challenges.day })
    .returning();
  if (!inserted) {
    const winner = await getChallenge(ctx.db, day);
    if (!winner) throw new Error(`challenge for ${day} vanished`);
    return { challenge: winner, created: false };
  }
  ctx.logger.info(`Challenge for ${day}: ${inserted.category} + ${inserted.output}`);
  await publishEvent(ctx.db, 'challenge', { day });
  return { challenge: inserted, created: true, aiJob: generateAiExample(ctx, day) };
}

export function validateChallengeInput(input: { day: string; category: string; output: string }) {
  const day = input.day.trim();
  const category = input.category.trim();
  const output = input.output.trim();
  if (!LA_DAY_PATTERN.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw new BadRequest(`"${input.day}" is not a day; use YYYY-MM-DD.`);
  }
  if (!category || category.length > 60)
    throw new BadRequest('The category must be 1 to 60 characters.');
  if (!output || output.length > 60) throw new BadRequest('The output must be 1 to 60 characters.');
  return { day, category, output };
}

/** The operator's override: sets or replaces a day's challenge and makes a new AI example. */
export async function setChallenge(
  ctx: ChallengeContext,
  input: { day: string; category: string; output: string },
  options: { waitForAi?: boolean } = {},
): Promise<ChallengeRow> {
  const { day, category, output } = validateChallengeInput(input);
  const [row] = await ctx.db
    .insert(challenges)
    .values({ day, category, output, source: 'operator' })
    .onConflictDoUpdate({
      target: challenges.day,
      set: {
        category,
        output,
        source: 'operator',
        aiPun: null,
        aiStatus: 'pending',
        aiClaimedAt: null,
        aiAttempts: 0,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('challenge upsert returned nothing');
  await publishEvent(ctx.db, 'challenge', { day });
  const generation = generateAiExample(ctx, day);
  if (options.waitForAi) await generation;
  return (await getChallenge(ctx.db, day)) ?? row;
}

// A generation that has not finished in this long is presumed dead (its instance crashed).
const AI_LEASE_MS = 2 * 60_000;

/**
 * Generates the day's AI example if it is still pending and nobody else holds the lease.
 * Never throws: the outcome is the row's status (success or failed), announced to browsers.
 */
export async function generateAiExample(ctx: ChallengeContext, day: string): Promise<void> {
  try {
    const [claimed] = await ctx.db
      .update(challenges)
      .set({ aiClaimedAt: sql`now()`, aiAttempts: sql`${challenges.aiAttempts} + 1` })
      .where(
        and(
          eq(challenges.day, day),
          eq(challenges.aiStatus, 'pending'),
          sql`(${challenges.aiClaimedAt} is null or ${challenges.aiClaimedAt} < now() - ${AI_LEASE_MS}::int * interval '1 millisecond')`,
        ),
      )
      .returning();
    if (!claimed) return;
    let pun: string | null = null;
    try {
      pun = await ctx.generator.generate({
        category: claimed.category,
        output: claimed.output,
        day,
      });
    } catch (err) {
      ctx.logger.warn({ err }, `AI example for ${day} failed`);
    }
    // Only if the challenge was not replaced meanwhile (the operator resets the lease).
    const [stored] = await ctx.db
      .update(challenges)
      .set({ aiPun: pun, aiStatus: pun ? 'success' : 'failed', updatedAt: sql`now()` })
      .where(
        and(
          eq(challenges.day, day),
          eq(challenges.aiStatus, 'pending'),
          eq(challenges.category, claimed.category),
          eq(challenges.output, claimed.output),
        ),
      )
      .returning({ day: challenges.day });
    if (stored) await publishEvent(ctx.db, 'challenge', { day });
  } catch (err) {
    ctx.logger.error({ err }, `AI example job for ${day} crashed`);
  }
}

export async function listChallenges(db: Db, limit = 30): Promise<ChallengeRow[]> {
  return db.select().from(challenges).orderBy(desc(challenges.day)).limit(limit);
}
