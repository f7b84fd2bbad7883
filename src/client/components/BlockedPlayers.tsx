import { useId } from 'react';
import { Link } from 'react-router';
import { messages } from '#shared/messages';
import { moderationMessages } from '#shared/moderation-text';
import { errorMessage } from '../api/client';
import { useBlockedPlayers, useUnblockPlayer } from '../api/moderation';
import { Notice } from './Notice';
import { InlineSpinner } from './PageSpinner';
import '../moderation.css';
import '../social.css';

// The players the viewer blocked, each with Unblock (issue 8). Their puns come back to the
// viewer's feeds afterwards.
export function BlockedPlayers() {
  const blocked = useBlockedPlayers();
  const unblock = useUnblockPlayer();
  const rowId = useId();

  if (blocked.isPending) return <InlineSpinner label="Loading blocked players" />;
  if (blocked.isError) return <Notice kind="error">{moderationMessages.blocksLoadFailed}</Notice>;

  return (
    <div className="friend-list">
      {unblock.isError ? (
        <Notice kind="error">
          {errorMessage(unblock.error, moderationMessages.unblockFailed)}
        </Notice>
      ) : null}
      {blocked.data.users.length === 0 ? (
        <p className="empty-state">{moderationMessages.noBlocks}</p>
      ) : (
        <ul className="user-list" aria-label="Blocked players">
          {blocked.data.users.map((player) => {
            const busy = unblock.isPending && unblock.variables === player.id;
            const name = player.displayName.trim() || messages.userPage.anonymous;
            return (
              <li key={player.id} className="user-row">
                <Link
                  className="user-name"
                  id={`${rowId}-${player.id}`}
                  to={`/user/${encodeURIComponent(player.id)}`}
                >
                  {name}
                </Link>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={busy}
                  aria-label={`Unblock ${name}`}
                  onClick={() => {
                    if (!unblock.isPending) unblock.mutate(player.id);
                  }}
                >
                  {busy ? 'Processing...' : 'Unblock'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
