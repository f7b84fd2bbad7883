import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '#shared/messages';
import { globalNewPuns } from '../../api/feed-live';
import { globalFeedQuery, localDayKey } from '../../api/feeds';
import { PunFeed } from '../../components/PunFeed';

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
  // spec §9: today and yesterday are the browser's local days; a new day is a new feed.
  const dayKey = localDayKey();
  // biome-ignore lint/correctness/useExhaustiveDependencies: dayKey stands for the day the options are built for.
  const query = useMemo(() => globalFeedQuery(period), [period, dayKey]);

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
      <PunFeed
        key={period}
        query={query}
        label={`Global feed: ${PERIOD_LABELS[period]}`}
        emptyText={period === 'topweek' ? messages.feed.emptyWeek : messages.feed.emptyPeriod}
        errorText={messages.feed.errorPuns}
        newPuns={globalNewPuns(period)}
      />
    </div>
  );
}
