// A real Punday app on a fresh test database, for fastify.inject or real HTTP.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type AppContext, type ContextParts, createContext } from '../context.ts';
import { openDatabase } from '../db/connect.ts';
import { OUTBOX_FOLDER } from '../features/mail/mailer.ts';
import { createTestDatabase, type DbKind, type TestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  ctx: Omit<AppContext, 'logger' | 'caches'>;
  dataDir: string;
  /** Texts of the mails written to the outbox so far, oldest first. */
  outbox(): Promise<string[]>;
  close(): Promise<void>;
}

export interface TestAppOptions extends ContextParts {
  env?: Record<string, string>;
  clientDir?: string;
  /** Join another test app's PostgreSQL database (a second instance) instead of a fresh one. */
  databaseUrl?: string;
}

export const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
  level: 'silent',
  silent() {},
} as unknown as FastifyBaseLogger;

export async function createTestApp(kind: DbKind, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'punday-app-'));
  const config: Config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    CLIENT_DIR: options.clientDir ?? path.join(dataDir, 'no-client'),
    ...options.env,
  });
  const database: TestDatabase = options.databaseUrl
    ? await joinDatabase(options.databaseUrl)
    : await createTestDatabase(kind);
  const ctx = await createContext(config, database, silentLog, options);
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    database,
    ctx,
    dataDir,
    async outbox() {
      const folder = path.join(dataDir, OUTBOX_FOLDER);
      const files = (await readdir(folder).catch(() => [] as string[])).sort();
      return Promise.all(files.map((f) => readFile(path.join(folder, f), 'utf8')));
    },
    async close() {
      await app.close();
      await ctx.push.idle();
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'punday_session');
  if (!cookie)
    throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `punday_session=${cookie.value}`;
}

/** Signs a new user up through the API and returns the cookie and the user. */
export async function signUpUser(
  app: FastifyInstance,
  input: { email: string; password?: string; displayName?: string },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { password: 'correct horse', ...input },
  });
  if (response.statusCode !== 201)
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return {
    cookie: sessionCookieOf(response),
    user: response.json().user as { id: string; displayName: string },
  };
}

/** The reset link in a mail's text. */
export function resetLinkIn(mail: string): URL {
  // Mail bodies may be quoted-printable: undo soft line breaks and =XX escapes first.
  const decoded = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(decoded);
  if (!match) throw new Error(`no reset link in mail:\n${mail}`);
  return new URL(match[0]);
}

async function joinDatabase(url: string): Promise<TestDatabase> {
  const database = await openDatabase({ databaseUrl: url, migrate: false });
  return { ...database, url, destroy: () => database.close() };
}
