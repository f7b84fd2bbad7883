import { useId } from 'react';
import { Link } from 'react-router';
import { messages } from '#shared/messages';
import { useFriends, useRemoveFriend } from '../api/friends';
import { Notice } from './Notice';
import { InlineSpinner } from './PageSpinner';
import { authorLabel } from './PunCard';
import '../social.css';

// spec §2 Manage: the signed-in user's friends; each card links to the friend's puns.
export function FriendList() {
  const friends = useFriends();
  const removeFriend = useRemoveFriend();
  const rowId = useId();

  if (friends.isPending) return <InlineSpinner label="Loading friends" />;
  if (friends.isError) return <Notice kind="error">{messages.friends.loadFailed}</Notice>;

  return (
    <div className="friend-list">
      {removeFriend.isError ? <Notice kind="error">{messages.userPage.removeFailed}</Notice> : null}
      {friends.data.users.length === 0 ? (
        <p className="empty-state">{messages.friends.noFriendsTitle}</p>
      ) : (
        <ul className="user-list" aria-label="Your friends">
          {friends.data.users.map((friend) => {
            const busy = removeFriend.isPending && removeFriend.variables === friend.id;
            const name = authorLabel(friend.displayName);
            return (
              <li key={friend.id} className="user-row">
                <Link
                  className="user-name"
                  id={`${rowId}-${friend.id}`}
                  to={`/user/${encodeURIComponent(friend.id)}/puns`}
                >
                  {name}
                </Link>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={busy}
                  aria-disabled={removeFriend.isPending || undefined}
                  aria-describedby={`${rowId}-${friend.id}`}
                  onClick={() => {
                    if (!removeFriend.isPending) removeFriend.mutate(friend.id);
                  }}
                >
                  {busy ? 'Processing...' : 'Remove Friend'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
