// spec §4 Countdown: the time left in the Los Angeles day, read from the clock on every tick (so it
// never accumulates drift) and again whenever the tab comes back: visibility, focus, resume
// (pageshow) and network (online). Background tabs have their timers throttled; those events
// correct the display at once.
import { useEffect, useRef, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '#shared/constants';
import { laDayOf, msUntilLaMidnight } from '#shared/la-day';

// The display floors to whole seconds, so it changes just after each whole second left. Waking
// 1 ms past that boundary shows every second once, none twice and none skipped, and the tick that
// crosses midnight lands in the new day rather than on the instant itself.
function delayToNextSecond(now: number): number {
  return (msUntilLaMidnight(now) % COUNTDOWN_TICK_MS) + 1;
}

/**
 * Milliseconds left in today's Los Angeles day. `onDayTurn` runs once each time the LA day
 * changes while the component is mounted (at the first tick or wake-up after midnight).
 */
export function useLaCountdown(onDayTurn: (day: string) => void): number {
  const [now, setNow] = useState(() => Date.now());
  const latestOnDayTurn = useRef(onDayTurn);
  latestOnDayTurn.current = onDayTurn;

  useEffect(() => {
    let day = laDayOf(Date.now());
    let timer: ReturnType<typeof setTimeout> | undefined;

    const tick = () => {
      clearTimeout(timer);
      const t = Date.now();
      setNow(t);
      const today = laDayOf(t);
      if (today !== day) {
        day = today;
        latestOnDayTurn.current(today);
      }
      timer = setTimeout(tick, delayToNextSecond(t));
    };
    timer = setTimeout(tick, delayToNextSecond(Date.now()));

    const windowEvents = ['focus', 'pageshow', 'online'] as const;
    for (const name of windowEvents) window.addEventListener(name, tick);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearTimeout(timer);
      for (const name of windowEvents) window.removeEventListener(name, tick);
      document.removeEventListener('visibilitychange', tick);
    };
  }, []);

  return msUntilLaMidnight(now);
}
