// spec §2 Dashboard, Manage tab: friend search and the friend list. The social feature fills it.
export function ManageTab() {
  return (
    <section className="card placeholder" aria-label="Manage friends">
      <p>Friend search and your friend list arrive with the social feature.</p>
    </section>
  );
}
