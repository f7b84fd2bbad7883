import { type ReactNode, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { UserProfile } from '#shared/api';
import { messages } from '#shared/messages';
import { useMe } from '../api/auth';
import { ApiError } from '../api/client';
import { playerNewPuns } from '../api/feed-live';
import { playerFeedQuery } from '../api/feeds';
import { useAddFriend, useRemoveFriend } from '../api/friends';
import { useUserProfile } from '../api/users';
import { Notice } from '../components/Notice';
import { InlineSpinner } from '../components/PageSpinner';
import { PunFeed } from '../components/PunFeed';
import { MyStreakSummary, UserStreakSummary } from '../components/StreakPill';
import { usePageTitle } from '../hooks/usePageTitle';
import '../social.css';

// spec §2 User pun-list page: "{name}'s Puns" (Anonymous when the name is empty).
export function punsHeading(displayName: string): string {
  return `${displayName.trim() || messages.userPage.anonymous}'s Puns`;
}

// spec §2: Add Friend or Remove Friend, 'Processing...' while busy; failures in an error banner.
function FriendButton({ profile }: { profile: UserProfile }) {
  const addFriend = useAddFriend();
  const removeFriend = useRemoveFriend();
  const busy = addFriend.isPending || removeFriend.isPending;

  const toggle = () => {
    if (busy) return;
    addFriend.reset();
    removeFriend.reset();
    if (profile.isFriend) removeFriend.mutate(profile.id);
    else addFriend.mutate(profile.id);
  };

  let failure: string | null = null;
  if (addFriend.isError) {
    const error = addFriend.error;
    failure =
      error instanceof ApiError && error.status === 409
        ? messages.friends.alreadyFriend
        : // Issue 8: a block between the two players; the server's message says so.
          error instanceof ApiError && error.code === 'blocked' && error.fromServer
          ? error.message
          : messages.userPage.addFailed;
  } else if (removeFriend.isError) {
    failure = messages.userPage.removeFailed;
  }

  return (
    <div className="user-page-actions">
      <button
        type="button"
        className={profile.isFriend ? 'button button-secondary' : 'button button-primary'}
        disabled={busy}
        onClick={toggle}
      >
        {busy ? 'Processing...' : profile.isFriend ? 'Remove Friend' : 'Add Friend'}
      </button>
      {failure ? <Notice kind="error">{failure}</Notice> : null}
    </div>
  );
}

function PlayerPuns({ userId }: { userId: string }) {
  const query = useMemo(() => playerFeedQuery(userId), [userId]);
  const newPuns = useMemo(() => playerNewPuns(userId), [userId]);
  return (
    <PunFeed
      query={query}
      label="Puns"
      emptyText={messages.feed.empty}
      errorText={messages.feed.errorFeed}
      newPuns={newPuns}
    />
  );
}

function PunListPage({ heading, children }: { heading: string; children?: ReactNode }) {
  usePageTitle(heading);
  return (
    <>
      <h1 className="page-title">{heading}</h1>
      {children}
    </>
  );
}

function NotFoundPage() {
  return (
    <PunListPage heading={messages.userPage.notFound}>
      <Link to="/dashboard" className="button button-secondary">
        Back to Dashboard
      </Link>
    </PunListPage>
  );
}

function OwnPage() {
  const me = useMe();
  return (
    <PunListPage heading={punsHeading(me.displayName)}>
      <MyStreakSummary myId={me.id} />
      <PlayerPuns userId={me.id} />
    </PunListPage>
  );
}

function OtherUserPage({ userId }: { userId: string }) {
  const profile = useUserProfile(userId);

  if (profile.isPending && profile.fetchStatus !== 'paused') {
    return (
      <PunListPage heading="User">
        <InlineSpinner label="Loading user" />
      </PunListPage>
    );
  }
  if (profile.isError || !profile.data) {
    const status = profile.error instanceof ApiError ? profile.error.status : null;
    // The server answers 400 for an id that cannot exist and 404 for one that does not.
    if (status === 404 || status === 400) return <NotFoundPage />;
    return (
      <PunListPage heading="User">
        <Notice kind="error">{messages.userPage.loadError}</Notice>
      </PunListPage>
    );
  }
  return (
    <PunListPage heading={punsHeading(profile.data.displayName)}>
      {profile.data.isMe ? null : <FriendButton profile={profile.data} />}
      <UserStreakSummary userId={userId} />
      <PlayerPuns userId={userId} />
    </PunListPage>
  );
}

// /user/:userId and /user/:userId/puns.
export function UserPunsScreen() {
  const { userId } = useParams();
  const me = useMe();
  if (!userId) return <NotFoundPage />;
  if (userId === me.id) return <OwnPage />;
  return <OtherUserPage key={userId} userId={userId} />;
}

// /my-puns: the same page for the signed-in user.
export function MyPunsScreen() {
  return <OwnPage />;
}
