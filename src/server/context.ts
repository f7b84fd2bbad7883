import type { FastifyBaseLogger } from 'fastify';
import type { ReadCaches } from './caches.ts';
import { type Clock, offsetClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import {
  type AccountLimits,
  type AccountsContext,
  defaultAccountLimits,
} from './features/accounts/service.ts';
import { createPunGenerator, type PunGenerator } from './features/ai/generator.ts';
import type { ChallengeContext } from './features/challenge/service.ts';
import { createMailer, type Mailer } from './features/mail/mailer.ts';
import { PushService, type PushServiceOptions } from './features/push/service.ts';
import { loadVapidKeys } from './features/push/vapid.ts';
import { Metrics } from './metrics.ts';

/** What every feature's routes and services get: built once in main.ts (or a test) and passed down. */
export interface AppContext extends AccountsContext, ChallengeContext {
  config: Config;
  database: Database;
  logger: FastifyBaseLogger;
  push: PushService;
  caches: ReadCaches;
  /** This app's Prometheus registry and instruments (GET /metrics). */
  metrics: Metrics;
}

export interface ContextParts {
  mailer?: Mailer;
  clock?: Clock;
  generator?: PunGenerator;
  limits?: Partial<AccountLimits>;
  pushOptions?: PushServiceOptions;
  metrics?: Metrics;
}

/** Everything but the logger, which the app supplies once it exists. */
export async function createContext(
  config: Config,
  database: Database,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  parts: ContextParts = {},
): Promise<Omit<AppContext, 'logger' | 'caches'>> {
  const vapid = await loadVapidKeys(database.db, config.vapid);
  const metrics = parts.metrics ?? new Metrics();
  return {
    metrics,
    push: new PushService(database.db, vapid, log, {
      onSend: (outcome) => metrics.pushSent(outcome),
      ...parts.pushOptions,
    }),
    config,
    database,
    db: database.db,
    mailer: parts.mailer ?? createMailer({ ...config, logger: log }),
    clock: parts.clock ?? offsetClock(config.clockOffsetMs),
    generator: parts.generator ?? createPunGenerator(config.ai),
    publicUrl: config.publicUrl,
    sessionTtlMs: config.sessionTtlMs,
    sessionIdleMs: config.sessionIdleMs,
    limits: { ...defaultAccountLimits(config.rateLimitScale), ...parts.limits },
  };
}
