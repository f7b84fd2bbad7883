// The server's idea of "now". Production uses the system clock; PUNDAY_CLOCK_OFFSET_MS shifts it
// (for testing only: the browser tests cross Los Angeles midnight without waiting for it).
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function offsetClock(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : { now: () => Date.now() + offsetMs };
}

/** A clock a test moves by hand. */
export function manualClock(
  start: number,
): Clock & { set(t: number): void; advance(ms: number): void } {
  let t = start;
  return {
    now: () => t,
    set(next) {
      t = next;
    },
    advance(ms) {
      t += ms;
    },
  };
}
