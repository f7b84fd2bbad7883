import { BlockedPlayers } from '../components/BlockedPlayers';
import { FriendList } from '../components/FriendList';
import { FriendSearch } from '../components/FriendSearch';
import { usePageTitle } from '../hooks/usePageTitle';
import '../social.css';

// Friend search above the friend list; shared by the Friends screen and the dashboard's Manage tab.
export function FriendsManager() {
  return (
    <div className="friends-manager">
      <section className="card" aria-labelledby="find-friends-title">
        <h2 id="find-friends-title" className="card-title">
          Find Friends
        </h2>
        <FriendSearch />
      </section>
      <section className="card" aria-labelledby="your-friends-title">
        <h2 id="your-friends-title" className="card-title">
          Your Friends
        </h2>
        <FriendList />
      </section>
    </div>
  );
}

// spec §2 Friends screen (it receives the current user id: the hooks use the session's user).
export function FriendsScreen() {
  usePageTitle('Friends');
  return (
    <>
      <h1 className="page-title">Friends</h1>
      <FriendsManager />
      <section className="card blocked-players" aria-labelledby="blocked-players-title">
        <h2 id="blocked-players-title" className="card-title">
          Blocked players
        </h2>
        <BlockedPlayers />
      </section>
    </>
  );
}
