// Configuration from the environment, validated once at start. A bad value stops the process
// with a message that names the variable and what is wrong with it.
import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalUrl = (protocols: string[], name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `${name} must be a URL starting with ${protocols.join(' or ')}//` },
    );

const positiveNumber = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .positive({ message: 'must be greater than 0' })
    .default(fallback);

export const configSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be between 0 and 65535' })
    .max(65535, { message: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'DATABASE_URL'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'SMTP_URL'),
  MAIL_FROM: z.string().trim().min(3).default('Punday <punday@localhost>'),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'PUBLIC_URL'),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  SESSION_TTL_DAYS: positiveNumber(30),
  SESSION_IDLE_DAYS: positiveNumber(14),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  CLIENT_DIR: z.string().trim().min(1).default('./dist/client'),
  AI_BASE_URL: optionalUrl(['http:', 'https:'], 'AI_BASE_URL'),
  AI_API_KEY: z.string().trim().optional(),
  AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: positiveNumber(20_000),
  RATE_LIMIT_SCALE: positiveNumber(1),
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:)/, { message: 'must start with mailto: or https:' })
    .optional(),
  // GET /metrics answers only when set, and then only to `Authorization: Bearer <token>`.
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 16, {
      message: 'must be at least 16 characters (or unset to turn /metrics off)',
    }),
  // Report and block (issue 8): distinct players whose reports hide a pun pending review.
  REPORT_HIDE_THRESHOLD: z.coerce
    .number({ error: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .default(3),
  // Testing only: shifts the server's clock (the browser tests cross midnight with it).
  PUNDAY_CLOCK_OFFSET_MS: z.coerce.number({ error: 'must be a number' }).int().default(0),
});

export type RawConfig = z.output<typeof configSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  secureCookies: boolean;
  logLevel: RawConfig['LOG_LEVEL'];
  sessionTtlMs: number;
  sessionIdleMs: number;
  trustProxy: boolean;
  clientDir: string;
  rateLimitScale: number;
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  clockOffsetMs: number;
  /** The bearer token for GET /metrics; undefined turns the endpoint off (404). */
  metricsToken: string | undefined;
  /** Distinct reporters that hide a pun pending review (REPORT_HIDE_THRESHOLD). */
  reportHideThreshold: number;
  ai: { baseUrl: string | undefined; apiKey: string | undefined; model: string; timeoutMs: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = issue.path.join('.');
      const value = env[key];
      return `  ${key}=${JSON.stringify(value ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither',
    );
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    logLevel: c.LOG_LEVEL,
    sessionTtlMs: c.SESSION_TTL_DAYS * DAY_MS,
    sessionIdleMs: c.SESSION_IDLE_DAYS * DAY_MS,
    trustProxy: c.TRUST_PROXY,
    clientDir: path.resolve(c.CLIENT_DIR),
    rateLimitScale: c.RATE_LIMIT_SCALE,
    vapid: {
      publicKey: c.VAPID_PUBLIC_KEY || undefined,
      privateKey: c.VAPID_PRIVATE_KEY || undefined,
      subject:
        c.VAPID_SUBJECT ?? (publicUrl.startsWith('https:') ? publicUrl : 'mailto:punday@localhost'),
    },
    clockOffsetMs: c.PUNDAY_CLOCK_OFFSET_MS,
    metricsToken: c.METRICS_TOKEN,
    reportHideThreshold: c.REPORT_HIDE_THRESHOLD,
    ai: {
      baseUrl: c.AI_BASE_URL?.replace(/\/+$/, ''),
      apiKey: c.AI_API_KEY || undefined,
      model: c.AI_MODEL,
      timeoutMs: c.AI_TIMEOUT_MS,
    },
  };
}
