import { describe, expect, it } from 'vitest';
import type { TodayChallengeResponse } from '#shared/api';
import { laInstant } from '#shared/la-day';
import { shownChallenge } from './challenge';

const data: TodayChallengeResponse = {
  challenge: {
    day: '2026-11-22',
    category: 'Food',
    output: 'Restaurant Name',
    aiPun: null,
    aiStatus: '',
  },
  endsAt: '2026-11-23T08:00:00.000Z',
};

describe('shownChallenge', () => {
  const sameDay = laInstant('2026-11-22', 20).getTime();
  const nextDay = laInstant('2026-11-23', 9).getTime();

  it('shows the answer, and a cached one after a failed refetch on the same LA day', () => {
    expect(shownChallenge({ data, isError: false }, nextDay)).toBe(data.challenge);
    expect(shownChallenge({ data, isError: true }, sameDay)).toBe(data.challenge);
  });

  it("does not pass off yesterday's cached challenge as today's when the refetch failed", () => {
    expect(shownChallenge({ data, isError: true }, nextDay)).toBeUndefined();
    expect(shownChallenge({ data: undefined, isError: true }, sameDay)).toBeUndefined();
  });
});
