// A real Punday app on a fresh test database, for fastify.inject or real HTTP.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { type AccountLimits, defaultAccountLimits } from '../features/accounts/service.ts';
import { createMailer, type Mailer, OUTBOX_FOLDER } from '../features/mail/mailer.ts';
import { createTestDatabase, type DbKind, type TestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  ctx: Omit<AppContext, 'logger'>;
  dataDir: string;
  /** Texts of the mails written to the outbox so far, oldest first. */
  outbox(): Promise<string[]>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  limits?: Partial<AccountLimits>;
  mailer?: Mailer;
  clientDir?: string;
}

export async function createTestApp(kind: DbKind, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'punday-app-'));
  const config: Config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    CLIENT_DIR: options.clientDir ?? path.join(dataDir, 'no-client'),
    ...options.env,
  });
  const database = await createTestDatabase(kind);
  const mailer =
    options.mailer ?? createMailer({ ...config, logger: { info() {}, warn() {} } as never });
  const ctx = {
    config,
    database,
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    sessionTtlMs: config.sessionTtlMs,
    sessionIdleMs: config.sessionIdleMs,
    limits: { ...defaultAccountLimits(), ...options.limits },
  };
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
