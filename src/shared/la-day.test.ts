import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatCountdown,
  laDayEnd,
  laDayHours,
  laDayOf,
  laDayStart,
  msUntilLaMidnight,
} from './la-day.ts';

const HOUR = 60 * 60 * 1000;
// 2000-01-01 .. 2100-01-01
const instants = fc.integer({ min: 946_684_800_000, max: 4_102_444_800_000 });

describe('Los Angeles day math', () => {
  it('knows the LA day at fixed instants, across both DST changes of 2026', () => {
    expect(laDayOf(new Date('2026-11-23T07:59:59Z'))).toBe('2026-11-22'); // 23:59:59 PST
    expect(laDayOf(new Date('2026-11-23T08:00:00Z'))).toBe('2026-11-23'); // midnight PST
    expect(laDayOf(new Date('2026-07-01T06:59:59Z'))).toBe('2026-06-30'); // 23:59:59 PDT
    expect(laDayOf(new Date('2026-07-01T07:00:00Z'))).toBe('2026-07-01');
    expect(laDayStart('2026-03-08').toISOString()).toBe('2026-03-08T08:00:00.000Z'); // spring forward day
    expect(laDayStart('2026-03-09').toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(laDayStart('2026-11-01').toISOString()).toBe('2026-11-01T07:00:00.000Z'); // fall back day
    expect(laDayStart('2026-11-02').toISOString()).toBe('2026-11-02T08:00:00.000Z');
    expect(laDayHours('2026-03-08')).toBe(23);
    expect(laDayHours('2026-11-01')).toBe(25);
    expect(laDayHours('2026-11-23')).toBe(24);
  });

  it('puts every instant inside its own LA day: start <= t < end, and the day before ends at start', () => {
    fc.assert(
      fc.property(instants, (t) => {
        const day = laDayOf(t);
        const start = laDayStart(day).getTime();
        const end = laDayEnd(t).getTime();
        expect(start).toBeLessThanOrEqual(t);
        expect(t).toBeLessThan(end);
        expect(laDayOf(start)).toBe(day);
        expect(laDayOf(start - 1)).toBe(addDays(day, -1));
        expect(laDayOf(end)).toBe(addDays(day, 1));
        expect([23, 24, 25]).toContain((end - start) / HOUR);
      }),
      { numRuns: 500 },
    );
  });

  it('counts down to exactly the next LA midnight, never more than 25 hours', () => {
    fc.assert(
      fc.property(instants, (t) => {
        const left = msUntilLaMidnight(t);
        expect(left).toBeGreaterThan(0);
        expect(left).toBeLessThanOrEqual(25 * HOUR);
        expect(laDayOf(t + left)).toBe(addDays(laDayOf(t), 1));
        expect(laDayOf(t + left - 1)).toBe(laDayOf(t));
      }),
      { numRuns: 500 },
    );
  });

  it('formats countdowns as hh:mm:ss and stops at 00:00:00', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
    expect(formatCountdown(999)).toBe('00:00:00');
    expect(formatCountdown(61_000)).toBe('00:01:01');
    expect(formatCountdown(23 * HOUR + 59 * 60_000 + 59_000)).toBe('23:59:59');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 25 * HOUR }), (ms) => {
        const [h, m, s] = formatCountdown(ms).split(':').map(Number) as [number, number, number];
        expect(h * 3600 + m * 60 + s).toBe(Math.floor(ms / 1000));
        expect(m).toBeLessThan(60);
        expect(s).toBeLessThan(60);
      }),
    );
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => addDays('yesterday', 1)).toThrow(RangeError);
  });
});

describe('laInstant', () => {
  it('finds 6 PM in Los Angeles in winter, summer and on both DST change days', async () => {
    const { laInstant } = await import('./la-day.ts');
    expect(laInstant('2026-11-23', 18).toISOString()).toBe('2026-11-24T02:00:00.000Z');
    expect(laInstant('2026-07-04', 18).toISOString()).toBe('2026-07-05T01:00:00.000Z');
    expect(laInstant('2026-03-08', 18).toISOString()).toBe('2026-03-09T01:00:00.000Z');
    expect(laInstant('2026-11-01', 18).toISOString()).toBe('2026-11-02T02:00:00.000Z');
  });
});
