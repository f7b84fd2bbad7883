import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { messages } from '#shared/messages';
import { topWeekPublicQuery } from '../api/feeds';
import { InlineSpinner } from './PageSpinner';
import { PunCard } from './PunCard';
import '../social.css';

// spec §1, §2 Log-in: "Top Puns This Week", the three puns of the past seven days with the most
// crowns (then the newest). Visitors are signed out, so the cards only show the counts. A failure
// is not worth alarming a visitor about: it reads as an empty week.
export function TopPunsPanel() {
  const headingId = useId();
  const top = useQuery(topWeekPublicQuery());

  let body = null;
  if (top.isPending && top.fetchStatus !== 'paused') {
    body = <InlineSpinner label="Loading top puns" />;
  } else if (!top.data || top.data.puns.length === 0) {
    body = <p className="empty-state">{messages.feed.emptyWeek}</p>;
  } else {
    body = (
      <ol className="pun-list top-puns-list" aria-labelledby={headingId}>
        {top.data.puns.map((pun) => (
          <li key={pun.id}>
            <PunCard pun={pun} />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section className="card top-puns" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        Top Puns This Week
      </h2>
      {body}
    </section>
  );
}
