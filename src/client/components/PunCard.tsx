import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { PublicPun, Pun } from '#shared/api';
import { messages } from '#shared/messages';
import { PunModeration } from './PunModeration';
import { ReactionBar, ReactionTally } from './ReactionBar';
import { ShareButton } from './ShareButton';
import '../social.css';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// "just now", "5 min ago", "3 hr ago", "2 days ago", then the date.
export function formatRelativeTime(instant: Date, now: number): string {
  const elapsed = Math.max(0, now - instant.getTime());
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)} min ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)} hr ago`;
  const days = Math.floor(elapsed / DAY_MS);
  if (days < 7) return days === 1 ? '1 day ago' : `${days} days ago`;
  return instant.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}

// One clock for every card on the screen, ticking once a minute while any card shows.
let minuteNow = Date.now();
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

function subscribeToMinutes(listener: () => void): () => void {
  listeners.add(listener);
  if (!ticker) {
    minuteNow = Date.now();
    ticker = setInterval(() => {
      minuteNow = Date.now();
      for (const notify of listeners) notify();
    }, MINUTE_MS);
    // Tell the first subscriber the clock caught up: Preact's useSyncExternalStore (unlike
    // React's) does not read the snapshot again after subscribing.
    listener();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

function useMinuteClock(): number {
  // When the first card subscribes, the clock catches up and React renders again if it moved.
  return useSyncExternalStore(
    subscribeToMinutes,
    () => minuteNow,
    () => minuteNow,
  );
}

function RelativeTime({ iso }: { iso: string }) {
  const now = useMinuteClock();
  const instant = new Date(iso);
  const full = instant.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
  return (
    <time className="pun-time" dateTime={iso} title={full}>
      {formatRelativeTime(instant, now)}
    </time>
  );
}

export function authorLabel(name: string): string {
  return name.trim() || messages.userPage.anonymous;
}

interface PunCardProps {
  pun: Pun | PublicPun;
  /** The signed-in viewer; absent where nobody can react (the log-in screen). */
  viewerId?: string;
}

// One pun: its text (always as text, never markup), its author linking to their page (spec §2),
// the challenge it answers, when, and its reactions.
export function PunCard({ pun, viewerId }: PunCardProps) {
  const interactive = viewerId !== undefined && 'myReaction' in pun;
  return (
    <article className="pun-card">
      <header className="pun-card-head">
        {interactive ? (
          <Link className="pun-author" to={`/user/${encodeURIComponent(pun.userId)}`}>
            {authorLabel(pun.authorName)}
          </Link>
        ) : (
          <span className="pun-author">{authorLabel(pun.authorName)}</span>
        )}
        <RelativeTime iso={pun.createdAt} />
        {/* The log-in screen's cards stay read-only (spec §2); signed in, every pun can be shared. */}
        {viewerId !== undefined ? <ShareButton pun={pun} /> : null}
        <PunModeration pun={pun} viewerId={viewerId} />
      </header>
      <p className="pun-text">{pun.text}</p>
      <p className="pun-challenge">
        {pun.category} · {pun.output}
      </p>
      {interactive ? (
        <ReactionBar pun={pun} isOwn={pun.userId === viewerId} />
      ) : (
        <ReactionTally reactions={pun.reactions} />
      )}
    </article>
  );
}
