// Friends (spec §4 Friendship, §5 Friend search): a one-way friends list per user.
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '#server/db/connect';
import { friendships, users } from '#server/db/schema';
import { BadRequest, Conflict, NotFound } from '#server/errors';
import { FriendBlocked } from '#server/features/moderation/errors';
import { lockAndCheckBlocked } from '#server/features/moderation/service';
import type { UserProfile, UserSummary } from '#shared/api';
import { FRIEND_SEARCH_LIMIT } from '#shared/constants';
import { messages } from '#shared/messages';

export async function getUserProfile(
  db: Db,
  viewerId: string,
  userId: string,
): Promise<UserProfile> {
  const [row] = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      crownCount: users.crownCount,
      isFriend: sql<boolean>`exists (select 1 from friendships f where f.user_id = ${viewerId}::uuid and f.friend_id = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new NotFound(messages.userPage.notFound, 'user_not_found');
  return { ...row, isFriend: Boolean(row.isFriend), isMe: row.id === viewerId };
}

export async function listFriends(db: Db, userId: string): Promise<UserSummary[]> {
  return db
    .select({ id: users.id, displayName: users.displayName })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(eq(friendships.userId, userId))
    .orderBy(asc(users.displayNameLower));
}

/**
 * spec §5: trimmed, lower-cased prefix of the display name; not me, not my friends; at most 10.
 * Issue 8: nobody I blocked or who blocked me (neither can add the other), no banned player.
 */
export async function searchUsers(db: Db, viewerId: string, query: string): Promise<UserSummary[]> {
  const prefix = query.trim().toLowerCase();
  if (!prefix) return [];
  return db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(
      and(
        sql`${users.displayNameLower} like ${`${escapeLike(prefix)}%`}`,
        sql`${users.id} <> ${viewerId}::uuid`,
        sql`not exists (select 1 from friendships f where f.user_id = ${viewerId}::uuid and f.friend_id = ${users.id})`,
        sql`not exists (select 1 from blocks b
                        where (b.blocker_id = ${viewerId}::uuid and b.blocked_id = ${users.id})
                           or (b.blocker_id = ${users.id} and b.blocked_id = ${viewerId}::uuid))`,
        sql`${users.bannedAt} is null`,
      ),
    )
    .orderBy(asc(users.displayNameLower))
    .limit(FRIEND_SEARCH_LIMIT);
}

export async function addFriend(db: Db, userId: string, friendId: string): Promise<UserSummary> {
  if (userId === friendId)
    throw new BadRequest('You cannot add yourself as a friend.', 'self_friend');
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [friend] = await tx
      .select({ id: users.id, displayName: users.displayName })
      .from(users)
      .where(eq(users.id, friendId))
      .limit(1);
    if (!friend) throw new NotFound(messages.userPage.notFound, 'user_not_found');
    // Issue 8: neither of two players can add the other once either blocked the other; the
    // lock makes a simultaneous block wait for this friendship (and then end it) or win first.
    if (await lockAndCheckBlocked(tx, userId, friendId)) throw new FriendBlocked();
    const [added] = await tx
      .insert(friendships)
      .values({ userId, friendId })
      .onConflictDoNothing()
      .returning({ friendId: friendships.friendId });
    if (!added) throw new Conflict(messages.friends.alreadyFriend, 'already_friend');
    return friend;
  });
}

export async function removeFriend(db: Db, userId: string, friendId: string): Promise<UserSummary> {
  const [friend] = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, friendId))
    .limit(1);
  if (!friend) throw new NotFound(messages.userPage.notFound, 'user_not_found');
  await db
    .delete(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)));
  return friend;
}
