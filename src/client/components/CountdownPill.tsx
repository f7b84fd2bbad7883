// spec §2 Header and §4 Countdown: hh:mm:ss to the end of the Los Angeles day, ticking every
// second and recomputed from the clock on every tick and whenever the tab comes back (visibility,
// focus, resume, network), so it never drifts after the tab sleeps. When the day turns it reloads
// the challenge and the user's pun, which unlocks the Create tab without a page reload. Hover or
// focus shows the "Today's Challenge" tooltip; if the challenge cannot load, a fallback category
// with 'Restaurant Name' stands in (spec §8).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { COUNTDOWN_TICK_MS, FALLBACK_CATEGORIES, FALLBACK_OUTPUT } from '#shared/constants';
import { formatCountdown, laDayOf, msUntilLaMidnight } from '#shared/la-day';
import { todayChallengeQueryKey, useTodayChallenge } from '../api/challenge';
import { myPunTodayQueryKey } from '../api/puns';
import '../game.css';

// Chosen once per page load, so the fallback does not change under the reader.
const fallbackCategory =
  FALLBACK_CATEGORIES[Math.floor(Math.random() * FALLBACK_CATEGORIES.length)] ??
  FALLBACK_CATEGORIES[0];

export function CountdownPill() {
  const queryClient = useQueryClient();
  const challenge = useTodayChallenge();
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState(false);
  const tooltipId = useId();

  useEffect(() => {
    let day = laDayOf(Date.now());
    const tick = () => {
      const t = Date.now();
      setNow(t);
      const today = laDayOf(t);
      if (today !== day) {
        day = today;
        void queryClient.invalidateQueries({ queryKey: todayChallengeQueryKey });
        void queryClient.invalidateQueries({ queryKey: myPunTodayQueryKey });
        void queryClient.invalidateQueries({ queryKey: ['feed'] });
      }
    };
    const timer = setInterval(tick, COUNTDOWN_TICK_MS);
    const events = ['focus', 'pageshow', 'online'] as const;
    for (const e of events) window.addEventListener(e, tick);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      for (const e of events) window.removeEventListener(e, tick);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [queryClient]);

  const left = formatCountdown(msUntilLaMidnight(now));
  const category =
    challenge.data?.challenge.category ?? (challenge.isError ? fallbackCategory : '…');
  const output = challenge.data?.challenge.output ?? (challenge.isError ? FALLBACK_OUTPUT : '…');

  return (
    <span className="countdown">
      <button
        type="button"
        className="pill countdown-pill"
        aria-label={`Time left today: ${left}`}
        aria-describedby={open ? tooltipId : undefined}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        <ClockIcon />
        <span aria-hidden="true" className="countdown-time">
          {left}
        </span>
      </button>
      {open ? (
        <span role="tooltip" id={tooltipId} className="countdown-tooltip">
          <strong className="countdown-tooltip-title">Today's Challenge</strong>
          <span>
            <span className="countdown-tooltip-label">Category:</span> {category}
          </span>
          <span>
            <span className="countdown-tooltip-label">Create:</span> {output}
          </span>
        </span>
      ) : null}
    </span>
  );
}

function ClockIcon() {
  return (
    <svg className="pill-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M12 7v5l3 2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
