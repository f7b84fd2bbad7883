// The game day is the calendar day in America/Los_Angeles (spec §3 pstDay, §4 Countdown, §9).
// Days are 'YYYY-MM-DD' strings; instants are Dates or epoch milliseconds.
import { GAME_TIME_ZONE } from './constants.ts';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: GAME_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const wallClockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: GAME_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

export const LA_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The Los Angeles calendar day of an instant, as 'YYYY-MM-DD'. */
export function laDayOf(instant: Date | number = Date.now()): string {
  return dayFormat.format(instant);
}

/** How far Los Angeles wall-clock time is from UTC at an instant, in ms (e.g. -8 h in winter). */
export function laOffsetMs(instant: number): number {
  const parts: Record<string, number> = {};
  for (const p of wallClockFormat.formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - (instant - (instant % 1000));
}

function parseDay(day: string): [number, number, number] {
  if (!LA_DAY_PATTERN.test(day)) throw new RangeError(`not a day: ${day}`);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** The day `n` calendar days after (or before, if negative) `day`. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = parseDay(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The instant Los Angeles midnight begins `day`. DST changes happen at 2 AM, so it always exists. */
export function laDayStart(day: string): Date {
  const [y, m, d] = parseDay(day);
  const utcMidnight = Date.UTC(y, m - 1, d);
  // UTC midnight is late afternoon of the day before in LA. DST changes only at 2 AM, so the
  // offset then is still the offset at the LA midnight we want.
  return new Date(utcMidnight - laOffsetMs(utcMidnight));
}

/** The instant the Los Angeles day containing `instant` ends (the next LA midnight). */
export function laDayEnd(instant: Date | number = Date.now()): Date {
  return laDayStart(addDays(laDayOf(instant), 1));
}

/** Milliseconds from `now` to the next Los Angeles midnight (never negative). */
export function msUntilLaMidnight(now: Date | number = Date.now()): number {
  const t = typeof now === 'number' ? now : now.getTime();
  return Math.max(0, laDayEnd(t).getTime() - t);
}

/** hh:mm:ss for a countdown (spec §2 Header); hours may exceed 24 only if asked to. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((v) => String(v).padStart(2, '0')).join(':');
}

/** Length of a Los Angeles day in hours: 24, or 23/25 on DST change days. */
export function laDayHours(day: string): number {
  return (laDayStart(addDays(day, 1)).getTime() - laDayStart(day).getTime()) / (60 * 60 * 1000);
}

/** The instant it is `hour`:00 in Los Angeles on `day` (hour 3..23: after any DST change). */
export function laInstant(day: string, hour: number): Date {
  const [y, m, d] = parseDay(day);
  const wall = Date.UTC(y, m - 1, d, hour);
  // The offset an hour or more after 2 AM is the day's final offset.
  return new Date(wall - laOffsetMs(wall - laOffsetMs(wall)));
}
