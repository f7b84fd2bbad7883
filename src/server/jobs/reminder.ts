// The 6 PM reminder (spec §1, §9): at 18:00 in Los Angeles, push a reminder to each user with
// push on and no pun that day. Armed for the next 6 PM (DST-safe), and re-checked every few
// minutes until midnight (covers a server started after 6 PM); the database claims make every
// run after the first a no-op for users already reminded.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { PushService } from '#server/features/push/service';
import type { Metrics } from '#server/metrics';
import { REMINDER_HOUR_LA } from '#shared/constants';
import { addDays, laDayOf, laInstant, msUntilLaMidnight } from '#shared/la-day';

const RECHECK_MS = 5 * 60_000;

export function startReminderJob(
  push: PushService,
  clock: Clock,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  metrics?: Metrics,
): { stop(): void; runNow(): Promise<number> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const runNow = async () => {
    const now = clock.now();
    const day = laDayOf(now);
    if (now < laInstant(day, REMINDER_HOUR_LA).getTime()) return 0;
    try {
      const sent = await push.sendReminders(
        day,
        Math.max(60, Math.floor(msUntilLaMidnight(now) / 1000)),
      );
      if (sent > 0) log.info(`Sent the 6 PM reminder to ${sent} user(s) for ${day}`);
      metrics?.jobRan('reminder', true);
      return sent;
    } catch (err) {
      metrics?.jobRan('reminder', false);
      log.error({ err }, 'reminder job failed');
      return 0;
    }
  };

  const arm = () => {
    if (stopped) return;
    const now = clock.now();
    const today = laDayOf(now);
    const sixToday = laInstant(today, REMINDER_HOUR_LA).getTime();
    const next =
      now < sixToday ? sixToday : laInstant(addDays(today, 1), REMINDER_HOUR_LA).getTime();
    timer = setTimeout(() => void runNow().finally(arm), Math.min(next - now + 25, RECHECK_MS));
    timer.unref();
  };

  void runNow();
  arm();
  return {
    runNow,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
