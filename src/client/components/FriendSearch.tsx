import { useEffect, useId, useState } from 'react';
import type { UserSummary } from '#shared/api';
import { messages } from '#shared/messages';
import { ApiError } from '../api/client';
import { useAddFriend } from '../api/friends';
import { normalizeSearch, useUserSearch } from '../api/users';
import { Field } from './Field';
import { Notice } from './Notice';
import { InlineSpinner } from './PageSpinner';
import { authorLabel } from './PunCard';
import '../social.css';

export const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

// spec §8 Friends: a 409 means they already are one; anything else is a plain failure.
function addFriendError(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return messages.friends.alreadyFriend;
  return messages.friends.addFailed;
}

// spec §5 Friend search: by display name prefix, trimmed, at most ten, never oneself or a friend
// already. An empty query clears the results at once; typing waits 300 ms before asking.
export function FriendSearch() {
  const [input, setInput] = useState('');
  const typed = normalizeSearch(input);
  const debounced = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const query = typed === '' ? '' : debounced;
  const search = useUserSearch(query);
  const addFriend = useAddFriend();
  const [added, setAdded] = useState<UserSummary | null>(null);
  const rowId = useId();

  const add = (user: UserSummary) => {
    if (addFriend.isPending) return;
    setAdded(null);
    addFriend.mutate(user.id, { onSuccess: () => setAdded(user) });
  };

  let results = null;
  if (query !== '') {
    if (search.isPending) {
      results = <InlineSpinner label="Searching" />;
    } else if (search.isError) {
      results = <Notice kind="error">{messages.friends.searchFailed}</Notice>;
    } else if (search.data.users.length === 0) {
      results = <p className="empty-state">{messages.friends.noResults}</p>;
    } else {
      results = (
        <ul className="user-list" aria-label="Search results">
          {search.data.users.map((user) => {
            const busy = addFriend.isPending && addFriend.variables === user.id;
            return (
              <li key={user.id} className="user-row">
                <span className="user-name" id={`${rowId}-${user.id}`}>
                  {authorLabel(user.displayName)}
                </span>
                <button
                  type="button"
                  className="button button-primary button-small"
                  disabled={busy}
                  aria-disabled={addFriend.isPending || undefined}
                  aria-describedby={`${rowId}-${user.id}`}
                  onClick={() => add(user)}
                >
                  {busy ? 'Processing...' : 'Add Friend'}
                </button>
              </li>
            );
          })}
        </ul>
      );
    }
  }

  return (
    <div className="friend-search">
      <div className="search-form">
        <Field
          label="Search by display name"
          type="search"
          name="friend-search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="search"
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            if (addFriend.isError) addFriend.reset();
          }}
        />
      </div>
      {addFriend.isError ? <Notice kind="error">{addFriendError(addFriend.error)}</Notice> : null}
      <p className="visually-hidden" role="status">
        {added ? `${authorLabel(added.displayName)} is now your friend.` : ''}
      </p>
      {results}
    </div>
  );
}
