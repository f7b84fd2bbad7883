import { Link } from 'react-router';
import { messages } from '#shared/messages';
import { friendsNewPuns } from '../../api/feed-live';
import { friendsFeedQuery } from '../../api/feeds';
import { useFriends } from '../../api/friends';
import { InlineSpinner } from '../../components/PageSpinner';
import { PunFeed } from '../../components/PunFeed';
import '../../social.css';

const query = friendsFeedQuery();

// spec §2 Dashboard, Friends tab: the feed of friends' puns; with no friends, 'No Friends Yet!'
// and a Find Friends button to /friends. If the friend list cannot load, the feed still tries.
export function FriendsTab() {
  const friends = useFriends();

  if (friends.isPending && friends.fetchStatus !== 'paused') {
    return <InlineSpinner label="Loading friends" />;
  }
  if (friends.data?.users.length === 0) {
    return (
      <section className="card no-friends" aria-labelledby="no-friends-title">
        <h2 id="no-friends-title" className="card-title">
          {messages.friends.noFriendsTitle}
        </h2>
        <p>{messages.friends.noFriendsBody}</p>
        <Link to="/friends" className="button button-primary">
          Find Friends
        </Link>
      </section>
    );
  }
  return (
    <PunFeed
      query={query}
      label="Friend feed"
      emptyText={messages.feed.empty}
      errorText={messages.feed.errorFeed}
      newPuns={friendsNewPuns}
    />
  );
}
