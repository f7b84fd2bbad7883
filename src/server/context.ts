import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import type { AccountsContext } from './features/accounts/service.ts';

/** What every feature's routes and services get: built once in main.ts (or a test) and passed down. */
export interface AppContext extends AccountsContext {
  config: Config;
  database: Database;
  logger: FastifyBaseLogger;
}
