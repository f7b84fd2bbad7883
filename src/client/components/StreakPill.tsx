import type { StreakResponse } from '#shared/streaks';
import { dayCount, streakLabel, streakMessages } from '#shared/streaks-text';
import { useMyStreak, useUserStreak } from '../api/streak-live';
import '../archive.css';

/** Decorative: the pill or the list around it gives the accessible name. */
export function StreakIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M13.5 2 5 13.2h5.6L9.4 22l8.6-11.6h-5.7L13.5 2Z" />
    </svg>
  );
}

/** Whether today's pun is in (the server's day), or the streak still waits for it. */
export function keptToday(streak: Pick<StreakResponse, 'lastDay' | 'today'>): boolean {
  return streak.lastDay === streak.today;
}

// Issue 8: the player's current streak, beside the crown pill. Nothing while it loads, fails or
// is zero: a header with room for four things on a 320 px phone has none for "0".
export function StreakPill({ myId }: { myId: string }) {
  const streak = useMyStreak(myId);
  if (!streak.data || streak.data.current === 0) return null;
  const { current } = streak.data;
  const kept = keptToday(streak.data);
  return (
    <span
      className={kept ? 'pill streak-pill' : 'pill streak-pill streak-pill-pending'}
      role="img"
      aria-label={streakLabel(current)}
      title={`${streakLabel(current)}. ${kept ? streakMessages.keptToday : streakMessages.keepItGoing}`}
    >
      <StreakIcon className="pill-icon" />
      <span aria-hidden="true">{current}</span>
    </span>
  );
}

function StreakFigures({
  streak,
  failed,
}: {
  streak: StreakResponse | undefined;
  failed: boolean;
}) {
  if (failed && !streak) return <p className="streak-summary-error">{streakMessages.loadFailed}</p>;
  return (
    <dl className="streak-summary" aria-busy={!streak}>
      <div className="streak-figure">
        <dt>{streakMessages.currentHeading}</dt>
        <dd>
          <StreakIcon className="streak-figure-icon" />
          {streak ? dayCount(streak.current) : '…'}
        </dd>
      </div>
      <div className="streak-figure">
        <dt>{streakMessages.longestHeading}</dt>
        <dd>{streak ? dayCount(streak.longest) : '…'}</dd>
      </div>
    </dl>
  );
}

/** The player page's figures for oneself: the same query as the header pill. */
export function MyStreakSummary({ myId }: { myId: string }) {
  const streak = useMyStreak(myId);
  return <StreakFigures streak={streak.data} failed={streak.isError} />;
}

/** Another player's figures on their page. */
export function UserStreakSummary({ userId }: { userId: string }) {
  const streak = useUserStreak(userId);
  return <StreakFigures streak={streak.data} failed={streak.isError} />;
}
