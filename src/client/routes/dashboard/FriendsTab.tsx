// spec §2 Dashboard, Friends tab: the feed of friends' puns ('No Friends Yet!' and a Find Friends
// button when there are none). The social feature fills it.
export function FriendsTab() {
  return (
    <section className="card placeholder" aria-label="Friend feed">
      <p>The Friend feed arrives with the social feature.</p>
    </section>
  );
}
