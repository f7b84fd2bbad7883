// Hourly housekeeping: forget finished rate-limit windows, expired sessions and used or expired
// reset links. Any instance may run it; the deletes are idempotent.
import { isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/connect';
import { passwordResets, sessions } from '#server/db/schema';
import { pruneExpired } from '#server/features/rate-limit/service';
import type { Metrics } from '#server/metrics';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function cleanUp(db: Db, sessionIdleMs: number): Promise<void> {
  const now = Date.now();
  await pruneExpired(db, DAY_MS);
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date(now)),
        lt(sessions.lastSeenAt, new Date(now - sessionIdleMs)),
      ),
    );
  await db
    .delete(passwordResets)
    .where(
      or(lt(passwordResets.expiresAt, new Date(now - DAY_MS)), isNotNull(passwordResets.usedAt)),
    );
}

export function scheduleCleanUp(
  db: Db,
  sessionIdleMs: number,
  log: FastifyBaseLogger,
  metrics?: Metrics,
): () => void {
  const run = () =>
    cleanUp(db, sessionIdleMs).then(
      () => metrics?.jobRan('cleanup', true),
      (err) => {
        metrics?.jobRan('cleanup', false);
        log.warn({ err }, 'clean-up failed');
      },
    );
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
