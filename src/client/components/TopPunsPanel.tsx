import { useId } from 'react';
import { messages } from '#shared/messages';

// spec §1, §2: the log-in screen's "Top Puns This Week" panel (the top three puns of the past
// seven days). The social feature fills it from the top-of-the-week endpoint; until puns exist in
// this app it shows the spec's empty state.
export function TopPunsPanel() {
  const headingId = useId();
  return (
    <section className="card top-puns" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        Top Puns This Week
      </h2>
      <p className="empty-state">{messages.feed.emptyWeek}</p>
    </section>
  );
}
