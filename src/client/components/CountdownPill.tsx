// spec §2 Header: hh:mm:ss to the end of the Los Angeles day, with a "Today's Challenge" tooltip.
// The daily-game feature gives it its time and challenge; until then the header has no countdown
// rather than a made-up one.
export function CountdownPill() {
  return null;
}
