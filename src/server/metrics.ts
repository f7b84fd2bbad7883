// Prometheus metrics (GET /metrics): requests per route pattern, open live-event streams, job runs
// and push sends. One Registry per app context, never prom-client's global one, so the tests'
// many apps in one process keep their own counts.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export type JobName = 'daily-challenge' | 'reminder' | 'cleanup';
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface MetricsOptions {
  /** Process metrics (CPU, memory, event loop lag, GC): the server's, not each test app's. */
  processMetrics?: boolean;
}

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'punday_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'punday_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly liveConnections = new Gauge({
    name: 'punday_live_event_connections',
    help: 'Open live-event (Server-Sent Events) streams',
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'punday_job_runs_total',
    help: 'Scheduled job runs, by job',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });
  readonly jobFailures = new Counter({
    name: 'punday_job_failures_total',
    help: 'Scheduled job runs that failed, by job',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });
  readonly pushSends = new Counter({
    name: 'punday_push_sends_total',
    help: 'Web Push deliveries, by outcome (sent, gone = subscription removed, failed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(options: MetricsOptions = {}) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    // Every label value a series can have starts at 0, so rates work from the first scrape.
    for (const job of ['daily-challenge', 'reminder', 'cleanup'] as const) {
      this.jobRuns.inc({ job }, 0);
      this.jobFailures.inc({ job }, 0);
    }
    for (const outcome of ['sent', 'gone', 'failed'] as const) this.pushSends.inc({ outcome }, 0);
  }

  jobRan(job: JobName, ok: boolean): void {
    this.jobRuns.inc({ job });
    if (!ok) this.jobFailures.inc({ job });
  }

  pushSent(outcome: PushOutcome): void {
    this.pushSends.inc({ outcome });
  }
}

/** Answered requests without a route (404s, bad URLs) share one label, so raw URLs never do. */
const UNMATCHED = 'unmatched';

function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED;
}

function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  // timingSafeEqual needs equal lengths: compare against itself so a wrong length costs the same.
  const equalLength = given.length === expected.length;
  return timingSafeEqual(equalLength ? given : expected, expected) && equalLength;
}

/**
 * Counts every answered request and serves GET /metrics: a 404 unless a token is configured, then
 * a 401 unless the request carries it as a bearer token.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      route: routeLabel(request),
      method: request.method,
      status_class: statusClass(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply: FastifyReply) => {
    // Off: the same answer as any missing file, so the endpoint's existence is not advertised.
    if (!token) return reply.code(404).type('text/plain').send('Not found');
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .header('cache-control', 'no-store')
        .send({ error: 'unauthorized', message: 'Metrics need the bearer token (METRICS_TOKEN).' });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
