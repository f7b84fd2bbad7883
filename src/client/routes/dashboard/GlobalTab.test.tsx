// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Pun } from '#shared/api';
import { messages } from '#shared/messages';
import { localDayRange } from '../../api/feeds';
import { jsonResponse, renderApp, signedInAs, stubServer, testUser } from '../../testing/renderApp';

function globalCalls(fetchMock: ReturnType<typeof stubServer>): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/feed/global');
}

const pun: Pun = {
  id: '00000000-0000-4000-8000-000000000001',
  text: 'Pasta la vista, baby',
  userId: 'user-2',
  authorName: 'Bob',
  category: 'Movies',
  output: 'Restaurant Name',
  day: '2026-11-22',
  createdAt: new Date().toISOString(),
  reactions: { crown: 1, fire: 0, thinker: 0, laughing: 2 },
  myReaction: null,
};

describe('Dashboard Global tab', () => {
  it("asks for the browser's local day and shows its puns", async () => {
    const fetchMock = stubServer({
      'GET /api/auth/session': signedInAs(testUser),
      'GET /api/feed/global': () => jsonResponse(200, { puns: [pun], nextCursor: null }),
    });
    renderApp('/dashboard?tab=global');
    expect(await screen.findByText('Pasta la vista, baby')).toBeTruthy();

    const [url] = globalCalls(fetchMock);
    const today = localDayRange(new Date(), 0);
    expect(url?.searchParams.get('period')).toBe('today');
    expect(url?.searchParams.get('from')).toBe(today.from.toISOString());
    expect(url?.searchParams.get('to')).toBe(today.to.toISOString());
    expect(new Date(today.from).getHours()).toBe(0);
  });

  it('says the period is empty, and the week is empty for Top This Week', async () => {
    const fetchMock = stubServer({
      'GET /api/auth/session': signedInAs(testUser),
      'GET /api/feed/global': () => jsonResponse(200, { puns: [], nextCursor: null }),
    });
    const { router } = renderApp('/dashboard?tab=global&period=yesterday');
    expect(await screen.findByText(messages.feed.emptyPeriod)).toBeTruthy();
    const yesterday = localDayRange(new Date(), -1);
    expect(globalCalls(fetchMock)[0]?.searchParams.get('from')).toBe(yesterday.from.toISOString());

    fireEvent.click(screen.getByRole('radio', { name: 'Top This Week' }));
    expect(await screen.findByText(messages.feed.emptyWeek)).toBeTruthy();
    expect(router.state.location.search).toContain('period=topweek');
    await waitFor(() => expect(globalCalls(fetchMock)).toHaveLength(2));
    const topweek = globalCalls(fetchMock)[1];
    expect(topweek?.searchParams.get('period')).toBe('topweek');
    expect(topweek?.searchParams.get('from')).toBeNull();
  });

  it("shows the Global feed's error text", async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(testUser),
      'GET /api/feed/global': () => jsonResponse(400, { error: 'bad_range', message: 'Bad.' }),
    });
    renderApp('/dashboard?tab=global');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.feed.errorPuns);
  });
});

describe('localDayRange', () => {
  it('runs from local midnight to the next, across a month end', () => {
    const { from, to } = localDayRange(new Date(2026, 10, 30, 23, 59), 1);
    expect([from.getMonth(), from.getDate(), from.getHours()]).toEqual([11, 1, 0]);
    expect([to.getMonth(), to.getDate(), to.getHours()]).toEqual([11, 2, 0]);
  });
});
