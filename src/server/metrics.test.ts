// GET /metrics: off unless METRICS_TOKEN is set, then only with that bearer token; counts requests
// per route pattern, open live-event streams, job runs and failures, and push sends by outcome.
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '#server/clock';
import type { PushService } from '#server/features/push/service';
import { startDailyChallengeJob } from '#server/jobs/daily-challenge';
import { startReminderJob } from '#server/jobs/reminder';
import { createTestApp, signUpUser, silentLog, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { type PushReceiver, startPushReceiver } from '#server/testing/push-receiver';
import { openEventStream } from '#server/testing/sse';
import { REMINDER_HOUR_LA } from '#shared/constants';
import { laInstant } from '#shared/la-day';

const TOKEN = 'metrics-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample in the Prometheus text, or undefined if the series is absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics access', () => {
  it('is a plain 404 when METRICS_TOKEN is not set, even with a token', async () => {
    const t = await createTestApp('pglite');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('punday_');
    } finally {
      await t.close();
    }
  });

  it('answers 401 without the token or with a wrong one, 200 with it', async () => {
    const t = await createTestApp('pglite', { env: { METRICS_TOKEN: TOKEN } });
    try {
      for (const headers of [
        {},
        { authorization: 'Bearer wrong' },
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
        { authorization: `Basic ${TOKEN}` },
        { authorization: TOKEN },
      ]) {
        const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode, JSON.stringify(headers)).toBe(401);
        expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(response.body).not.toContain('punday_');
      }
      const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(ok.headers['cache-control']).toBe('no-store');
      expect(ok.body).toContain('# TYPE punday_http_requests_total counter');
      expect(ok.body).toContain('# TYPE punday_http_request_duration_seconds histogram');
    } finally {
      await t.close();
    }
  });

  it('refuses a short token at start-up', async () => {
    await expect(createTestApp('pglite', { env: { METRICS_TOKEN: 'short' } })).rejects.toThrow(
      /METRICS_TOKEN="short": must be at least 16 characters/,
    );
  });
});

describeEachDb('metrics', (kind) => {
  let t: TestApp;
  let receiver: PushReceiver;
  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { METRICS_TOKEN: TOKEN } });
    receiver = await startPushReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  afterEach(() => {
    expect(receiver.errors).toEqual([]);
  });

  it('counts requests by route pattern, method and status class, never by raw URL', async () => {
    const { cookie, user } = await signUpUser(t.app, { email: `m-${kind}@example.com` });
    const before = await scrape();
    const health = { route: '/api/health', method: 'GET', status_class: '2xx' };
    const startHealth = sample(before, 'punday_http_requests_total', health) ?? 0;

    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: { cookie } });
    await t.app.inject({
      method: 'GET',
      url: '/api/users/not-a-user-id-secret',
      headers: { cookie },
    });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route-secret' });
    await t.app.inject({ method: 'POST', url: '/api/puns', payload: {} });

    const after = await scrape();
    expect(sample(after, 'punday_http_requests_total', health)).toBe(startHealth + 3);
    expect(
      sample(after, 'punday_http_request_duration_seconds_count', health),
    ).toBeGreaterThanOrEqual(startHealth + 3);
    expect(
      sample(after, 'punday_http_request_duration_seconds_bucket', { ...health, le: '+Inf' }),
    ).toBe(sample(after, 'punday_http_request_duration_seconds_count', health));
    expect(
      sample(after, 'punday_http_requests_total', {
        route: '/api/users/:id',
        method: 'GET',
        status_class: '2xx',
      }),
    ).toBe(1);
    expect(
      sample(after, 'punday_http_requests_total', {
        route: '/api/puns',
        method: 'POST',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(
      sample(after, 'punday_http_requests_total', {
        route: 'unmatched',
        method: 'GET',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    // Raw paths (ids, typos, probes) never become label values.
    expect(after).not.toContain(user.id);
    expect(after).not.toContain('secret');
  });

  it('counts open live-event streams up and down', async () => {
    const { cookie } = await signUpUser(t.app, { email: `sse-${kind}@example.com` });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/events`;
    const gauge = async () => sample(await scrape(), 'punday_live_event_connections');
    expect(await gauge()).toBe(0);
    const first = await openEventStream(url, cookie);
    const second = await openEventStream(url, cookie);
    await expect.poll(gauge).toBe(2);
    first.close();
    await expect.poll(gauge).toBe(1);
    second.close();
    await expect.poll(gauge).toBe(0);
  });

  it('counts job runs and failures', async () => {
    const runs = async (job: string) =>
      [
        sample(await scrape(), 'punday_job_runs_total', { job }),
        sample(await scrape(), 'punday_job_failures_total', { job }),
      ] as const;
    expect(await runs('reminder')).toEqual([0, 0]);

    // After 6 PM in Los Angeles the reminder job does its work: it runs at start and on demand.
    const clock = manualClock(laInstant('2026-11-23', REMINDER_HOUR_LA).getTime() + 60_000);
    const reminders = startReminderJob(t.ctx.push, clock, silentLog, t.ctx.metrics);
    await reminders.runNow();
    reminders.stop();
    await expect.poll(() => runs('reminder')).toEqual([2, 0]);

    const broken = {
      sendReminders: async () => {
        throw new Error('database down');
      },
    } as unknown as PushService;
    const failing = startReminderJob(broken, clock, silentLog, t.ctx.metrics);
    await failing.runNow();
    failing.stop();
    await expect.poll(() => runs('reminder')).toEqual([4, 2]);

    const daily = startDailyChallengeJob({ ...t.ctx, clock, logger: silentLog });
    await daily.ready;
    daily.stop();
    expect(await runs('daily-challenge')).toEqual([1, 0]);
  });

  it('counts push sends by outcome', async () => {
    const count = async (outcome: string) =>
      sample(await scrape(), 'punday_push_sends_total', { outcome });
    expect([await count('sent'), await count('gone'), await count('failed')]).toEqual([0, 0, 0]);
    const target = (statuses: number[]) => {
      const device = receiver.subscribe(statuses);
      return {
        endpoint: device.endpoint,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
        user_id: '00000000-0000-4000-8000-000000000000',
      };
    };
    const outcomes = await t.ctx.push.sendAll(
      [target([201]), target([201]), target([410]), target([400])],
      { type: 'reminder', title: 'Hi', body: 'Test', url: '/dashboard' },
      { ttlSeconds: 60, urgency: 'normal' },
    );
    expect(outcomes.sort()).toEqual(['failed', 'gone', 'sent', 'sent']);
    expect([await count('sent'), await count('gone'), await count('failed')]).toEqual([2, 1, 1]);
  });
});
