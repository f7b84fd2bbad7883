// Web Push (spec §4): subscriptions per device, the daily 6 PM reminder and friend-pun
// notifications. Sending never blocks a request: it is queued after the write has committed.
// A 404/410 answer removes the subscription; 429, 5xx and network failures are retried with
// backoff a few times and then logged.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { type Db, queryRows } from '#server/db/connect';
import { pushSubscriptions, users } from '#server/db/schema';
import { Conflict } from '#server/errors';
import { notifyInternal } from '#server/events/publish';
import type { Me, PushPayload, PushSubscriptionRequest } from '#shared/api';
import { messages } from '#shared/messages';
import type { VapidKeys } from './vapid.ts';

export interface StoredSubscription extends Record<string, unknown> {
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: string;
}

export interface PushOptions {
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  topic?: string;
}

export type SendOutcome = 'sent' | 'gone' | 'failed';

export interface PushServiceOptions {
  attempts?: number;
  backoffMs?: number;
  timeoutMs?: number;
  concurrency?: number;
  fetch?: typeof fetch;
  /** Told each delivery's outcome (the metrics count them). */
  onSend?: (outcome: SendOutcome) => void;
}

export class PushService {
  private readonly pending = new Set<Promise<unknown>>();
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private readonly fetchImpl: typeof fetch;
  private readonly onSend: ((outcome: SendOutcome) => void) | undefined;

  constructor(
    private readonly db: Db,
    readonly vapid: VapidKeys,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    options: PushServiceOptions = {},
  ) {
    this.attempts = options.attempts ?? 3;
    this.backoffMs = options.backoffMs ?? 1_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.concurrency = options.concurrency ?? 8;
    this.fetchImpl = options.fetch ?? fetch;
    this.onSend = options.onSend;
  }

  /** Stores this device's subscription and turns push on (spec §4 off to on). */
  async subscribe(user: Me, subscription: PushSubscriptionRequest): Promise<void> {
    await this.db.transaction(async (tx) => {
      // A browser has one endpoint: if another account used it before, it belongs to this one now.
      await tx
        .insert(pushSubscriptions)
        .values({
          endpoint: subscription.endpoint,
          userId: user.id,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: user.id, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
        });
      await tx
        .update(users)
        .set({ notificationsEnabled: true, settingsUpdatedAt: new Date() })
        .where(eq(users.id, user.id));
      await notifyInternal(tx as unknown as Db, { kind: 'user_changed', userId: user.id });
    });
  }

  /** Deletes this device's subscription and turns push off (spec §4 on to off). */
  async unsubscribe(user: Me, endpoint: string | undefined): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (endpoint) {
        await tx
          .delete(pushSubscriptions)
          .where(
            and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, user.id)),
          );
      }
      await tx
        .update(users)
        .set({ notificationsEnabled: false, settingsUpdatedAt: new Date() })
        .where(eq(users.id, user.id));
      await notifyInternal(tx as unknown as Db, { kind: 'user_changed', userId: user.id });
    });
  }

  /** spec §5: friend notifications need push notifications on. */
  async setFriendNotifications(user: Me, enabled: boolean): Promise<void> {
    const [updated] = await this.db
      .update(users)
      .set({ friendNotificationsEnabled: enabled, settingsUpdatedAt: new Date() })
      .where(and(eq(users.id, user.id), enabled ? eq(users.notificationsEnabled, true) : sql`true`))
      .returning({ id: users.id });
    if (!updated) throw new Conflict(messages.settings.pushFirst, 'push_required');
    await notifyInternal(this.db, { kind: 'user_changed', userId: user.id });
  }

  /** Queues friend-pun pushes to everyone who counts the author as a friend and wants them. */
  notifyFriendsOfPun(pun: { id: string; text: string }, author: Me): void {
    this.track(async () => {
      const targets = await queryRows<StoredSubscription>(
        this.db,
        sql`select s.endpoint, s.p256dh, s.auth, s.user_id
            from friendships f
            join users u on u.id = f.user_id
            join push_subscriptions s on s.user_id = u.id
            where f.friend_id = ${author.id}::uuid
              and u.notifications_enabled and u.friend_notifications_enabled`,
      );
      const payload: PushPayload = {
        type: 'friend_pun',
        title: `${author.displayName} posted a pun`,
        body: pun.text,
        punId: pun.id,
        url: `/dashboard?tab=friends&pun=${pun.id}`,
      };
      await this.sendAll(targets, payload, { ttlSeconds: 24 * 60 * 60, urgency: 'normal' });
    });
  }

  /**
   * The 6 PM reminder for `day`: every user with push on and no pun that day gets one, once.
   * One statement claims all of them in job_runs, so instances racing (or a restart) never repeat.
   */
  async sendReminders(day: string, ttlSeconds: number): Promise<number> {
    const targets = await queryRows<StoredSubscription>(
      this.db,
      sql`with claimed as (
            insert into job_runs (job, key)
            select 'reminder', ${day} || ':' || u.id::text from users u
            where u.notifications_enabled
              and not exists (select 1 from puns p where p.user_id = u.id and p.day = ${day})
              and exists (select 1 from push_subscriptions s where s.user_id = u.id)
            on conflict do nothing
            returning split_part(key, ':', 2)::uuid as user_id
          )
          select s.endpoint, s.p256dh, s.auth, s.user_id from push_subscriptions s
          join claimed c on c.user_id = s.user_id`,
    );
    const payload: PushPayload = {
      type: 'reminder',
      title: 'Your daily pun is waiting',
      body: "You haven't submitted today's pun yet. The challenge ends at midnight!",
      url: '/dashboard?tab=create',
    };
    await this.sendAll(targets, payload, {
      ttlSeconds,
      urgency: 'normal',
      topic: 'daily-reminder',
    });
    return new Set(targets.map((t) => t.user_id)).size;
  }

  async sendAll(
    targets: StoredSubscription[],
    payload: PushPayload,
    options: PushOptions,
  ): Promise<SendOutcome[]> {
    const outcomes: SendOutcome[] = [];
    const queue = [...targets];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const outcome = await this.send(next, payload, options);
        this.onSend?.(outcome);
        outcomes.push(outcome);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, targets.length) }, worker));
    return outcomes;
  }

  async send(
    target: StoredSubscription,
    payload: PushPayload,
    options: PushOptions,
  ): Promise<SendOutcome> {
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      let status = 0;
      try {
        const details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: this.vapid,
            TTL: options.ttlSeconds,
            urgency: options.urgency,
            contentEncoding: 'aes128gcm',
            ...(options.topic ? { topic: options.topic } : {}),
          },
        );
        const response = await this.fetchImpl(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          ...(details.body ? { body: new Uint8Array(details.body) } : {}),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        status = response.status;
        await response.body?.cancel();
      } catch (err) {
        this.log.warn({ err, attempt }, 'push request failed');
      }
      if (status >= 200 && status < 300) {
        await this.db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: new Date() })
          .where(eq(pushSubscriptions.endpoint, target.endpoint));
        return 'sent';
      }
      if (status === 404 || status === 410) {
        await this.db
          .delete(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, target.endpoint));
        this.log.info({ status }, 'push subscription is gone; removed it');
        return 'gone';
      }
      const retryable = status === 0 || status === 429 || status >= 500;
      if (!retryable) {
        this.log.warn({ status }, 'push refused; not retrying');
        return 'failed';
      }
      if (attempt < this.attempts)
        await new Promise((r) => setTimeout(r, this.backoffMs * 2 ** (attempt - 1)));
    }
    this.log.warn({ attempts: this.attempts }, 'push failed after retries');
    return 'failed';
  }

  private track(job: () => Promise<void>): void {
    // After the current request's transaction has committed and its answer is on its way.
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(job)
      .catch((err) => this.log.error({ err }, 'push job failed'));
    this.pending.add(running);
    void running.finally(() => this.pending.delete(running));
  }

  /** Resolves when every queued push job has finished (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
