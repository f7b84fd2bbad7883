// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Challenge } from '#shared/api';
import { myPunTodayQueryKey } from '../api/puns';
import { callsTo, jsonResponse, stubServer } from '../testing/renderApp';
import { CountdownPill } from './CountdownPill';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const challenge: Challenge = {
  day: '2026-11-22',
  category: 'Movies',
  output: 'Restaurant Name',
  aiPun: null,
  aiStatus: 'pending',
};

function renderPill() {
  const fetchMock = stubServer({
    'GET /api/challenge/today': () =>
      jsonResponse(200, { challenge, endsAt: '2026-11-23T08:00:00.000Z' }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CountdownPill />
    </QueryClientProvider>,
  );
  return { fetchMock, queryClient };
}

// Lets timers run and the fetches they start settle (TanStack Query notifies through setTimeout).
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const pill = () => screen.getByRole('button', { name: /^Time left today: / });
const shown = () => pill().getAttribute('aria-label')?.replace('Time left today: ', '');

describe('CountdownPill', () => {
  it('shows hh:mm:ss to Los Angeles midnight, in winter and in summer time', async () => {
    vi.setSystemTime(new Date('2026-11-22T18:47:51-08:00'));
    renderPill();
    expect(shown()).toBe('05:12:09');
    expect(pill().textContent).toBe('05:12:09');
    cleanup();

    vi.setSystemTime(new Date('2026-07-04T09:30:00-07:00'));
    renderPill();
    expect(shown()).toBe('14:30:00');
  });

  it('ticks every second, read from the clock', async () => {
    vi.setSystemTime(new Date('2026-11-22T18:47:51.250-08:00'));
    renderPill();
    expect(shown()).toBe('05:12:08');
    await advance(1_000);
    expect(shown()).toBe('05:12:07');
    await advance(3_000);
    expect(shown()).toBe('05:12:04');
  });

  it('recomputes at once when the tab comes back, not at the next tick', async () => {
    vi.setSystemTime(new Date('2026-11-22T18:00:00.500-08:00'));
    renderPill();
    expect(shown()).toBe('05:59:59');
    // The tab slept for two hours: its timers did not run, the clock moved on.
    vi.setSystemTime(new Date('2026-11-22T20:00:00.500-08:00'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(shown()).toBe('03:59:59');
    vi.setSystemTime(new Date('2026-11-22T21:00:00.500-08:00'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(shown()).toBe('02:59:59');
  });

  it('reaches 00:00:00, then counts the new day and reloads the challenge and my pun once', async () => {
    vi.setSystemTime(new Date('2026-11-22T23:59:58.500-08:00'));
    const { fetchMock, queryClient } = renderPill();
    queryClient.setQueryData(myPunTodayQueryKey, { day: '2026-11-22', pun: null });
    await advance(0);
    expect(callsTo(fetchMock, 'GET', '/api/challenge/today')).toHaveLength(1);
    expect(shown()).toBe('00:00:01');

    await advance(1_000);
    expect(shown()).toBe('00:00:00');
    expect(callsTo(fetchMock, 'GET', '/api/challenge/today')).toHaveLength(1);

    await advance(1_000);
    expect(shown()).toBe('23:59:59');
    expect(callsTo(fetchMock, 'GET', '/api/challenge/today')).toHaveLength(2);
    expect(queryClient.getQueryState(myPunTodayQueryKey)?.isInvalidated).toBe(true);

    // Only once per midnight.
    await advance(5_000);
    expect(shown()).toBe('23:59:54');
    expect(callsTo(fetchMock, 'GET', '/api/challenge/today')).toHaveLength(2);
  });

  it("shows Today's Challenge on hover and on keyboard focus; Escape dismisses it", async () => {
    vi.setSystemTime(new Date('2026-11-22T12:00:00-08:00'));
    renderPill();
    await advance(0);
    const button = pill();
    expect(screen.queryByRole('tooltip')).toBeNull();
    const tooltip = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(tooltip?.textContent).toBe("Today's ChallengeCategory: MoviesCreate: Restaurant Name");

    // The hover area is the pill's wrapper; mouseenter/mouseleave do not bubble from the button.
    const hoverArea = button.closest('.countdown') as HTMLElement;
    fireEvent.mouseEnter(hoverArea);
    expect(screen.getByRole('tooltip').textContent).toContain("Today's Challenge");
    fireEvent.mouseLeave(hoverArea);
    expect(screen.queryByRole('tooltip')).toBeNull();

    act(() => button.focus());
    expect(screen.getByRole('tooltip').textContent).toContain('Category: Movies');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => button.blur());
    act(() => button.focus());
    expect(screen.getByRole('tooltip').textContent).toContain('Create: Restaurant Name');
  });
});
