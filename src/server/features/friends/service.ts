// Friends (spec §4 Friendship, §5 Friend search): a one-way friends list per user.
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '#server/db/connect';
import { friendships, users } from '#server/db/schema';
import { BadRequest, Conflict, NotFound } from '#server/errors';
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

/** spec §5: trimmed, lower-cased prefix of the display name; not me, not my friends; at most 10. */
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
      ),
    )
    .orderBy(asc(users.displayNameLower))
    .limit(FRIEND_SEARCH_LIMIT);
}

export async function addFriend(db: Db, userId: string, friendId: string): Promise<UserSummary> {
  if (userId === friendId)
    throw new BadRequest('You cannot add yourself as a friend.', 'self_friend');
  const [friend] = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, friendId))
    .limit(1);
  if (!friend) throw new NotFound(messages.userPage.notFound, 'user_not_found');
  const [added] = await db
    .insert(friendships)
    .values({ userId, friendId })
    .onConflictDoNothing()
    .returning({ friendId: friendships.friendId });
  if (!added) throw new Conflict(messages.friends.alreadyFriend, 'already_friend');
  return friend;
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
