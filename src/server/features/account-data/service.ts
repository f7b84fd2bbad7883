// Own your data (issue 8): the export of everything kept about a player, and the deletion of the
// account. Deletion is one transaction that first gives back what the player's rows added to
// other rows (reaction counts and crowns on other players' puns, report counts), then deletes the
// user, whose foreign keys cascade to everything else. It locks rows in the order reactions do
// (puns first, by id; then users, by id), so it cannot deadlock with them.
import { sql } from 'drizzle-orm';
import { type Db, pgErrorOf, queryRows } from '#server/db/connect';
import { Forbidden, ServiceUnavailable, Unauthorized } from '#server/errors';
import { notifyInternal, publishEvent } from '#server/events/publish';
import { dummyPasswordHash, verifyPassword } from '#server/features/accounts/passwords';
import type { AccountsContext } from '#server/features/accounts/service';
import * as rateLimit from '#server/features/rate-limit/service';
import { type AccountExport, accountDataMessages } from '#shared/account-data';
import type { ReactionCounts } from '#shared/api';

export class WrongPassword extends Forbidden {
  constructor() {
    super(accountDataMessages.wrongPassword, 'wrong_password');
  }
}

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

type Timestamp = string | Date;

/** Everything Punday keeps about the player: no password hash, no session or reset tokens. */
export async function exportAccount(db: Db, userId: string, now: Date): Promise<AccountExport> {
  const [account] = await queryRows<{
    id: string;
    email: string;
    display_name: string;
    created_at: Timestamp;
    last_login_at: Timestamp | null;
    crown_count: number;
    notifications_enabled: boolean;
    friend_notifications_enabled: boolean;
  }>(
    db,
    sql`select id, email, display_name, created_at, last_login_at, crown_count,
          notifications_enabled, friend_notifications_enabled
        from users where id = ${userId}::uuid`,
  );
  if (!account) throw new Unauthorized();
  const puns = await queryRows<{
    id: string;
    day: string;
    text: string;
    category: string;
    output: string;
    created_at: Timestamp;
    crown_count: number;
    fire_count: number;
    thinker_count: number;
    laughing_count: number;
    moderation: string;
  }>(
    db,
    sql`select id, day, text, category, output, created_at, crown_count, fire_count,
          thinker_count, laughing_count, moderation
        from puns where user_id = ${userId}::uuid order by day, created_at, id`,
  );
  const reactions = await queryRows<{
    pun_id: string;
    kind: AccountExport['reactionsGiven'][number]['kind'];
    given_day: string;
    created_at: Timestamp;
  }>(
    db,
    sql`select pun_id, kind, given_day, created_at from reactions
        where user_id = ${userId}::uuid order by created_at, pun_id`,
  );
  const friends = await queryRows<{ id: string; display_name: string; created_at: Timestamp }>(
    db,
    sql`select u.id, u.display_name, f.created_at from friendships f
        join users u on u.id = f.friend_id
        where f.user_id = ${userId}::uuid order by f.created_at, u.id`,
  );
  const blocks = await queryRows<{ id: string; display_name: string; created_at: Timestamp }>(
    db,
    sql`select u.id, u.display_name, b.created_at from blocks b
        join users u on u.id = b.blocked_id
        where b.blocker_id = ${userId}::uuid order by b.created_at, u.id`,
  );
  const reports = await queryRows<{
    pun_id: string;
    reason: string;
    note: string | null;
    created_at: Timestamp;
  }>(
    db,
    sql`select pun_id, reason, note, created_at from reports
        where reporter_id = ${userId}::uuid order by created_at, pun_id`,
  );
  const subscriptions = await queryRows<{ endpoint: string; created_at: Timestamp }>(
    db,
    sql`select endpoint, created_at from push_subscriptions
        where user_id = ${userId}::uuid order by created_at, endpoint`,
  );
  return {
    format: 'punday-export/1',
    exportedAt: now.toISOString(),
    account: {
      id: account.id,
      email: account.email,
      displayName: account.display_name,
      createdAt: iso(account.created_at),
      lastLoginAt: isoOrNull(account.last_login_at),
      crownsReceived: account.crown_count,
    },
    settings: {
      notificationsEnabled: account.notifications_enabled,
      friendNotificationsEnabled: account.friend_notifications_enabled,
    },
    puns: puns.map((p) => ({
      id: p.id,
      day: p.day,
      text: p.text,
      category: p.category,
      output: p.output,
      createdAt: iso(p.created_at),
      reactions: {
        crown: p.crown_count,
        fire: p.fire_count,
        thinker: p.thinker_count,
        laughing: p.laughing_count,
      },
      hiddenPendingReview: p.moderation === 'hidden',
    })),
    reactionsGiven: reactions.map((r) => ({
      punId: r.pun_id,
      kind: r.kind,
      givenDay: r.given_day,
      createdAt: iso(r.created_at),
    })),
    friends: friends.map((f) => ({
      id: f.id,
      displayName: f.display_name,
      since: iso(f.created_at),
    })),
    blocks: blocks.map((b) => ({
      id: b.id,
      displayName: b.display_name,
      since: iso(b.created_at),
    })),
    reports: reports.map((r) => ({
      punId: r.pun_id,
      reason: r.reason,
      note: r.note,
      createdAt: iso(r.created_at),
    })),
    pushSubscriptions: subscriptions.map((s) => ({
      endpoint: s.endpoint,
      createdAt: iso(s.created_at),
    })),
  };
}

export type DeleteAccountContext = Pick<AccountsContext, 'db' | 'limits'>;

/** Raised inside the transaction when rows appeared that it has not locked: start again. */
class RowsChangedWhileLocking extends Error {}

const MAX_ATTEMPTS = 5;

/**
 * Deletes the account after checking its password. Wrong passwords count against the same limits
 * as failed log-ins (per account and per address), so this cannot be used to guess a password.
 */
export async function deleteAccount(
  ctx: DeleteAccountContext,
  user: { id: string; email: string },
  password: string,
  ip: string,
): Promise<void> {
  const ipKey = `login:ip:${ip}`;
  const accountKey = `login:account:${user.email}`;
  await rateLimit.check(ctx.db, ipKey, ctx.limits.loginFailuresPerIp);
  await rateLimit.check(ctx.db, accountKey, ctx.limits.loginFailuresPerAccount);
  const [row] = await queryRows<{ password_hash: string; email: string }>(
    ctx.db,
    sql`select password_hash, email from users where id = ${user.id}::uuid`,
  );
  const ok = await verifyPassword(password, row?.password_hash ?? (await dummyPasswordHash()));
  if (!row) throw new Unauthorized();
  if (!ok) {
    const unlimited = { max: Number.MAX_SAFE_INTEGER };
    await rateLimit.consume(ctx.db, ipKey, { ...ctx.limits.loginFailuresPerIp, ...unlimited });
    await rateLimit.consume(ctx.db, accountKey, {
      ...ctx.limits.loginFailuresPerAccount,
      ...unlimited,
    });
    throw new WrongPassword();
  }

  for (let attempt = 1; ; attempt++) {
    try {
      await deleteAccountOnce(ctx.db, user.id);
      break;
    } catch (err) {
      const code = pgErrorOf(err)?.code;
      const retryable =
        err instanceof RowsChangedWhileLocking || code === '40P01' || code === '40001';
      if (!retryable) throw err;
      if (attempt < MAX_ATTEMPTS) continue;
      // Rows kept changing under it (the player acting in another tab): nothing was deleted.
      throw new ServiceUnavailable(accountDataMessages.deleteFailed, 'delete_busy', { cause: err });
    }
  }
  // The address may sign up again at once, with a clean slate.
  await rateLimit.reset(ctx.db, `login:account:${row.email}`);
}

async function deleteAccountOnce(db: Db, userId: string): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // 1. Every pun this transaction changes or deletes, in id order: the player's own, those
    //    they reacted to and those they reported. A reaction locks its pun first, too.
    const lockedPuns = await queryRows<{ id: string }>(
      tx,
      sql`select id from puns
          where user_id = ${userId}::uuid
             or id in (select pun_id from reactions where user_id = ${userId}::uuid)
             or id in (select pun_id from reports where reporter_id = ${userId}::uuid)
          order by id for update`,
    );
    // 2. Then the users: the player and the authors of the puns they crowned, in id order.
    //    Holding the player's row stops their own new reactions, puns and reports (each needs a
    //    share lock on it), so what step 3 reads cannot grow under it.
    const lockedUsers = await queryRows<{ id: string }>(
      tx,
      sql`select id from users
          where id = ${userId}::uuid
             or id in (select p.user_id from reactions r join puns p on p.id = r.pun_id
                       where r.user_id = ${userId}::uuid and r.kind = 'crown')
          order by id for update`,
    );
    if (!lockedUsers.some((u) => u.id === userId)) throw new Unauthorized();
    // 3. Anything the player added between steps 1 and 2 was not locked in order: start again.
    const punIds = new Set(lockedPuns.map((p) => p.id));
    const userIds = new Set(lockedUsers.map((u) => u.id));
    const touched = await queryRows<{ pun_id: string; author_id: string; kind: string }>(
      tx,
      sql`select p.id as pun_id, p.user_id as author_id, coalesce(r.kind, '') as kind
          from puns p left join reactions r on r.pun_id = p.id and r.user_id = ${userId}::uuid
          where p.user_id = ${userId}::uuid
             or r.user_id is not null
             or p.id in (select pun_id from reports where reporter_id = ${userId}::uuid)`,
    );
    for (const t of touched) {
      if (!punIds.has(t.pun_id) || (t.kind === 'crown' && !userIds.has(t.author_id)))
        throw new RowsChangedWhileLocking();
    }

    // 4. Give back what the player's reactions added to other players' puns and crown totals.
    const recounted = await queryRows<{
      id: string;
      crown_count: number;
      fire_count: number;
      thinker_count: number;
      laughing_count: number;
    }>(
      tx,
      sql`update puns p set
            crown_count = p.crown_count - g.crowns,
            fire_count = p.fire_count - g.fires,
            thinker_count = p.thinker_count - g.thinkers,
            laughing_count = p.laughing_count - g.laughs
          from (select pun_id,
                  count(*) filter (where kind = 'crown')::int as crowns,
                  count(*) filter (where kind = 'fire')::int as fires,
                  count(*) filter (where kind = 'thinker')::int as thinkers,
                  count(*) filter (where kind = 'laughing')::int as laughs
                from reactions where user_id = ${userId}::uuid group by pun_id) g
          where p.id = g.pun_id and p.user_id <> ${userId}::uuid
          returning p.id, p.crown_count, p.fire_count, p.thinker_count, p.laughing_count`,
    );
    const authors = await queryRows<{ id: string; crown_count: number }>(
      tx,
      sql`update users u set crown_count = u.crown_count - g.crowns
          from (select p.user_id, count(*)::int as crowns
                from reactions r join puns p on p.id = r.pun_id
                where r.user_id = ${userId}::uuid and r.kind = 'crown'
                  and p.user_id <> ${userId}::uuid
                group by p.user_id) g
          where u.id = g.user_id
          returning u.id, u.crown_count`,
    );
    // 5. And what their reports added (a pun hidden by reports stays hidden for the operator).
    await tx.execute(
      sql`update puns p set report_count = p.report_count - 1
          from reports r
          where r.pun_id = p.id and r.reporter_id = ${userId}::uuid
            and p.user_id <> ${userId}::uuid`,
    );
    // 6. The user; the foreign keys cascade to sessions, reset links, push subscriptions,
    //    reactions given, friendships both ways, blocks both ways, reports, and the player's
    //    puns with the reactions and reports on them.
    await tx.execute(sql`delete from users where id = ${userId}::uuid`);

    // Told on commit: every instance forgets the sessions; feeds drop the puns and patch counts.
    await notifyInternal(tx, { kind: 'user_sessions_revoked', userId });
    await publishEvent(tx, 'moderation', { userId, hidden: true });
    for (const pun of recounted) {
      const reactions: ReactionCounts = {
        crown: pun.crown_count,
        fire: pun.fire_count,
        thinker: pun.thinker_count,
        laughing: pun.laughing_count,
      };
      await publishEvent(tx, 'reactions', { punId: pun.id, reactions });
    }
    for (const author of authors) {
      await notifyInternal(tx, { kind: 'user_changed', userId: author.id });
      await publishEvent(tx, 'crowns', { userId: author.id, crownCount: author.crown_count });
    }
  });
}
