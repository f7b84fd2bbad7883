// spec §2 Header and §4 Countdown: hh:mm:ss to the end of the Los Angeles day. When the day turns
// it reloads the challenge and the user's pun, which unlocks the Create tab without a page
// reload. Hover or keyboard focus shows the "Today's Challenge" tooltip; if the challenge cannot
// load, a fallback category with 'Restaurant Name' stands in (spec §8).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FALLBACK_CATEGORIES, FALLBACK_OUTPUT } from '#shared/constants';
import { formatCountdown } from '#shared/la-day';
import { shownChallenge, todayChallengeQueryKey, useTodayChallenge } from '../api/challenge';
import { feedQueryKeyRoot } from '../api/feeds';
import { myPunTodayQueryKey } from '../api/puns';
import { useLaCountdown } from '../hooks/useLaCountdown';
import '../game.css';

// Chosen once per page load, so the fallback does not change under the reader.
const fallbackCategory =
  FALLBACK_CATEGORIES[Math.floor(Math.random() * FALLBACK_CATEGORIES.length)] ??
  FALLBACK_CATEGORIES[0];

export function CountdownPill() {
  const queryClient = useQueryClient();
  const challenge = useTodayChallenge();
  const msLeft = useLaCountdown(() => {
    void queryClient.invalidateQueries({ queryKey: todayChallengeQueryKey });
    void queryClient.invalidateQueries({ queryKey: myPunTodayQueryKey });
    void queryClient.invalidateQueries({ queryKey: feedQueryKeyRoot });
  });
  // Hover, focus and a tap each open it; Escape dismisses it until the next hover or focus.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused || pinned) && !dismissed;
  const tooltipId = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const openBeforePress = useRef(false);

  useEffect(() => {
    if (!open) return;
    // WCAG 1.4.13: Escape dismisses it wherever focus is, without moving the pointer.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    // A tap elsewhere closes it (touch screens neither hover nor, on iOS, focus a button).
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setPinned(false);
      setHovered(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const left = formatCountdown(msLeft);
  const data = shownChallenge(challenge);
  const category = data?.category ?? (challenge.isError ? fallbackCategory : '…');
  const output = data?.output ?? (challenge.isError ? FALLBACK_OUTPUT : '…');

  return (
    // The tooltip is inside the hover area, so the pointer can move onto it (WCAG 1.4.13).
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only mirrors the button's focus.
    <span
      ref={rootRef}
      className="countdown"
      onMouseEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        className="countdown-pill"
        aria-label={`Time left today: ${left}`}
        aria-describedby={tooltipId}
        onFocus={() => {
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => setFocused(false)}
        // A tap, Enter or Space toggles it. For a tap, "open" is judged from before the press,
        // since the tap's own focus and emulated mouseenter open it first.
        onPointerDown={() => {
          openBeforePress.current = open;
        }}
        onClick={(event) => {
          const wasOpen = event.detail === 0 ? open : openBeforePress.current;
          setPinned(!wasOpen);
          setDismissed(wasOpen);
        }}
      >
        <span className="pill countdown-face">
          <ClockIcon />
          <span aria-hidden="true" className="countdown-time">
            {left}
          </span>
        </span>
      </button>
      {/* Always in the page so aria-describedby has something to read; shown while open. */}
      <span role="tooltip" id={tooltipId} className="countdown-tooltip" hidden={!open}>
        <strong className="countdown-tooltip-title">Today's Challenge</strong>
        <span>
          <span className="countdown-tooltip-label">Category:</span> {category}
        </span>
        <span>
          <span className="countdown-tooltip-label">Create:</span> {output}
        </span>
      </span>
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
