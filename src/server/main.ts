// Starts Punday: configuration, database (migrated), app, and a graceful stop on SIGTERM/SIGINT.
import path from 'node:path';
import pino from 'pino';
import { buildApp, loggerOptions } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { openDatabase } from './db/connect.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { scheduleCleanUp } from './jobs/cleanup.ts';
import { startDailyChallengeJob } from './jobs/daily-challenge.ts';
import { startReminderJob } from './jobs/reminder.ts';
import { Metrics } from './metrics.ts';
import { operatorHandler } from './operator/serve.ts';
import { type OperatorSocket, startOperatorSocket } from './operator/socket.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = pino(loggerOptions(config.logLevel));

  const releaseLock = config.databaseUrl ? () => {} : await acquireDataDirLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  log.info(
    database.kind === 'pglite'
      ? `Database: embedded PGlite in ${path.join(config.dataDir, 'pglite')}`
      : 'Database: PostgreSQL (DATABASE_URL)',
  );

  const ctx = await createContext(config, database, log, {
    metrics: new Metrics({ processMetrics: true }),
  });
  const app = await buildApp(ctx);
  if (config.clockOffsetMs !== 0)
    app.log.warn(`Clock shifted by ${config.clockOffsetMs} ms (testing only)`);
  const dailyChallenge = startDailyChallengeJob({ ...ctx, logger: app.log });
  await dailyChallenge.ready;
  const reminders = startReminderJob(ctx.push, ctx.clock, app.log, ctx.metrics);
  const stopCleanUp = scheduleCleanUp(database.db, config.sessionIdleMs, app.log, ctx.metrics);
  // The embedded database is this process's alone: operator commands (npm run backup, challenge,
  // moderate) reach it through a socket in DATA_DIR while the server runs.
  const operator: OperatorSocket | undefined =
    database.kind === 'pglite'
      ? await startOperatorSocket({
          dataDir: config.dataDir,
          log: app.log,
          handle: operatorHandler({ ...ctx, logger: app.log }),
        })
      : undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests, then closing`);
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      stopCleanUp();
      dailyChallenge.stop();
      reminders.stop();
      await operator?.close();
      await app.close();
      await ctx.push.idle();
      ctx.mailer.close();
      await database.close();
      releaseLock();
      app.log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(`Punday is ready on http://localhost:${port}`);
}

main().catch((err) => {
  console.error('Punday failed to start:', err instanceof Error ? err.message : err);
  if (process.env.LOG_LEVEL === 'debug') console.error(err);
  process.exit(1);
});
