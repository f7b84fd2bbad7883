// The midnight job: at every Los Angeles midnight (DST included: the next midnight is computed
// from the calendar, not by adding 24 hours) make sure the new day has its challenge. Also runs at
// start and once a minute as a safety net (a sleeping laptop misses timers); every run is a
// primary-key lookup, and the database decides which instance creates the day.

import {
  type ChallengeContext,
  ensureChallenge,
  generateAiExample,
} from '#server/features/challenge/service';
import type { Metrics } from '#server/metrics';
import { laDayOf, msUntilLaMidnight } from '#shared/la-day';

const SAFETY_INTERVAL_MS = 60_000;

export interface Scheduler {
  /** Resolves after the start-up run. */
  ready: Promise<void>;
  stop(): void;
}

export function startDailyChallengeJob(ctx: ChallengeContext & { metrics?: Metrics }): Scheduler {
  let stopped = false;
  let midnightTimer: NodeJS.Timeout | undefined;

  const run = async () => {
    if (stopped) return;
    const day = laDayOf(ctx.clock.now());
    try {
      const { challenge, created } = await ensureChallenge(ctx, day);
      // An instance that died mid-generation leaves it pending: take it over once the lease ends.
      if (!created && challenge.aiStatus === 'pending') await generateAiExample(ctx, day);
      ctx.metrics?.jobRan('daily-challenge', true);
    } catch (err) {
      ctx.metrics?.jobRan('daily-challenge', false);
      ctx.logger.error({ err }, `could not ensure the challenge for ${day}`);
    }
  };

  const armMidnight = () => {
    if (stopped) return;
    // A few ms past midnight, so laDayOf(now) is already the new day.
    midnightTimer = setTimeout(() => {
      void run().finally(armMidnight);
    }, msUntilLaMidnight(ctx.clock.now()) + 25);
    midnightTimer.unref();
  };

  const safety = setInterval(() => void run(), SAFETY_INTERVAL_MS);
  safety.unref();
  const ready = run();
  armMidnight();

  return {
    ready,
    stop() {
      stopped = true;
      clearInterval(safety);
      if (midnightTimer) clearTimeout(midnightTimer);
    },
  };
}
