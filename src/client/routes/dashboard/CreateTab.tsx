// spec §2 Dashboard, Create tab: today's category and output, the pun form with its counter, and
// the AI example. The daily-game feature fills it.
export function CreateTab() {
  return (
    <section className="card placeholder" aria-label="Create a pun">
      <p>Today's challenge and the pun form arrive with the daily-game feature.</p>
    </section>
  );
}
