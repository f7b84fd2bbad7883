import { useId } from 'react';
import { useSearchParams } from 'react-router';

export const FEED_PERIODS = ['today', 'yesterday', 'topweek'] as const;
export type FeedPeriod = (typeof FEED_PERIODS)[number];

const PERIOD_LABELS: Record<FeedPeriod, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  topweek: 'Top This Week',
};

function parsePeriod(value: string | null): FeedPeriod {
  return FEED_PERIODS.find((period) => period === value) ?? 'today';
}

// spec §2 Dashboard, Global tab: the feed of everyone's puns for a chosen period (§4: today,
// yesterday, topweek). The period is in the URL (?period=) beside the tab.
export function GlobalTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = parsePeriod(searchParams.get('period'));
  const name = useId();

  const selectPeriod = (next: FeedPeriod) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('period', next);
        return params;
      },
      { replace: true },
    );
  };

  return (
    <div className="stack">
      <fieldset className="segmented">
        <legend className="visually-hidden">Time period</legend>
        {FEED_PERIODS.map((option) => (
          <label key={option} className="segment">
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === period}
              onChange={() => selectPeriod(option)}
            />
            <span>{PERIOD_LABELS[option]}</span>
          </label>
        ))}
      </fieldset>
      <section className="card placeholder" aria-label="Global feed">
        <p>The Global feed arrives with the social feature.</p>
      </section>
    </div>
  );
}
