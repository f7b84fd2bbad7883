import { usePageTitle } from '../hooks/usePageTitle';

// spec §2 Friends screen (it receives the current user id, from useMe). The social feature fills it.
export function FriendsScreen() {
  usePageTitle('Friends');
  return (
    <>
      <h1 className="page-title">Friends</h1>
      <section className="card placeholder">
        <p>Friend search and your friend list arrive with the social feature.</p>
      </section>
    </>
  );
}
