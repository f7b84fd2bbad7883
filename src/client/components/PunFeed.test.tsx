// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pun } from '#shared/api';
import { messages } from '#shared/messages';
import { sessionQueryKey } from '../api/auth';
import { friendsNewPuns, playerNewPuns } from '../api/feed-live';
import { friendsFeedQuery, playerFeedQuery } from '../api/feeds';
import { friendsQueryKey } from '../api/friends';
import { dispatchLiveEvent } from '../api/live';
import { type FakeHandler, jsonResponse, stubServer, testUser } from '../testing/renderApp';
import { formatRelativeTime } from './PunCard';
import { type FeedQueryOptions, PunFeed } from './PunFeed';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function makePun(n: number, overrides: Partial<Pun> = {}): Pun {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    text: `Pun number ${n}`,
    userId: 'user-2',
    authorName: 'Bob',
    category: 'Movies',
    output: 'Restaurant Name',
    day: '2026-11-22',
    createdAt: new Date(Date.now() - n * 60_000).toISOString(),
    reactions: { crown: 0, fire: 0, thinker: 0, laughing: 0 },
    myReaction: null,
    ...overrides,
  };
}

function renderFeed(
  handlers: Record<string, FakeHandler>,
  options: { query?: FeedQueryOptions; newPuns?: Parameters<typeof PunFeed>[0]['newPuns'] } = {},
) {
  const fetchMock = stubServer(handlers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, { user: testUser });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <PunFeed
          query={options.query ?? friendsFeedQuery()}
          label="Friend feed"
          emptyText={messages.feed.empty}
          errorText={messages.feed.errorFeed}
          newPuns={options.newPuns}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchMock, queryClient };
}

function urlsOf(fetchMock: ReturnType<typeof stubServer>): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
}

describe('PunFeed', () => {
  it('loads the next page with the cursor and appends it', async () => {
    const pages = [
      { puns: [makePun(1), makePun(2)], nextCursor: 'abc' },
      { puns: [makePun(3)], nextCursor: null },
    ];
    let served = 0;
    const { fetchMock } = renderFeed({
      'GET /api/feed/friends': () => jsonResponse(200, pages[served++]),
    });
    await screen.findByText('Pun number 2');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Pun number 3');

    const cursors = urlsOf(fetchMock).map((url) => url.searchParams.get('cursor'));
    expect(cursors).toEqual([null, 'abc']);
    const items = within(screen.getByRole('list', { name: 'Friend feed' })).getAllByRole(
      'listitem',
    );
    expect(items.map((li) => within(li).getByText(/^Pun number/).textContent)).toEqual([
      'Pun number 1',
      'Pun number 2',
      'Pun number 3',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('renders author names and pun text as text, never as markup', async () => {
    const html = '<img src=x onerror=alert(1)>';
    renderFeed({
      'GET /api/feed/friends': () =>
        jsonResponse(200, {
          puns: [makePun(1, { authorName: html, text: `<b>bold</b> ${html}` })],
          nextCursor: null,
        }),
    });
    const author = await screen.findByRole('link', { name: html });
    expect(author.getAttribute('href')).toBe('/user/user-2');
    expect(screen.getByText(`<b>bold</b> ${html}`)).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
  });

  it('shows the challenge, the time and Anonymous for an empty name', async () => {
    const pun = makePun(5, { authorName: ' ' });
    renderFeed({
      'GET /api/feed/friends': () => jsonResponse(200, { puns: [pun], nextCursor: null }),
    });
    expect(await screen.findByRole('link', { name: 'Anonymous' })).toBeTruthy();
    expect(screen.getByText('Movies · Restaurant Name')).toBeTruthy();
    // The shared minute clock catches up when the first card subscribes, in an effect (Preact
    // runs effects after paint, so the first frame may still read the older clock).
    const time = await screen.findByText('5 min ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe(pun.createdAt);
    expect(time.getAttribute('title')).toBeTruthy();
  });

  it('says the empty text when there are no puns', async () => {
    renderFeed({
      'GET /api/feed/friends': () => jsonResponse(200, { puns: [], nextCursor: null }),
    });
    expect(await screen.findByText(messages.feed.empty)).toBeTruthy();
  });

  it('shows its error text when the feed cannot load', async () => {
    renderFeed({
      'GET /api/feed/friends': () => jsonResponse(500, { error: 'internal', message: 'boom' }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(messages.feed.errorFeed);
  });

  it('says it is offline when the browser is', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    renderFeed({
      'GET /api/feed/friends': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(messages.feed.offline);
  });

  it('patches reaction counts from live events without refetching', async () => {
    const pun = makePun(1);
    const { fetchMock } = renderFeed({
      'GET /api/feed/friends': () => jsonResponse(200, { puns: [pun], nextCursor: null }),
    });
    await screen.findByRole('button', { name: 'Fire (0)' });
    act(() =>
      dispatchLiveEvent('reactions', {
        punId: pun.id,
        reactions: { crown: 2, fire: 5, thinker: 1, laughing: 0 },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Fire (5)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crown (2)' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("counts a friend's new pun in a pill, and shows it on request", async () => {
    let puns = [makePun(2)];
    const { fetchMock, queryClient } = renderFeed(
      { 'GET /api/feed/friends': () => jsonResponse(200, { puns, nextCursor: null }) },
      { newPuns: friendsNewPuns },
    );
    queryClient.setQueryData(friendsQueryKey, {
      users: [{ id: 'user-2', displayName: 'Bob' }],
    });
    await screen.findByText('Pun number 2');

    // Not a friend: not in this feed.
    act(() =>
      dispatchLiveEvent('pun', { id: makePun(9).id, userId: 'stranger', day: '2026-11-22' }),
    );
    expect(screen.queryByRole('button', { name: /new pun/ })).toBeNull();

    act(() => dispatchLiveEvent('pun', { id: makePun(1).id, userId: 'user-2', day: '2026-11-22' }));
    act(() => dispatchLiveEvent('pun', { id: makePun(0).id, userId: 'user-2', day: '2026-11-22' }));
    const pill = screen.getByRole('button', { name: '2 new puns' });
    expect(screen.queryByText('Pun number 1')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    puns = [makePun(0), makePun(1), makePun(2)];
    fireEvent.click(pill);
    await screen.findByText('Pun number 0');
    expect(screen.queryByRole('button', { name: /new pun/ })).toBeNull();
  });

  it("shows the pill on a player's page only for that player's puns", async () => {
    renderFeed(
      {
        'GET /api/users/user-3/puns': () =>
          jsonResponse(200, { puns: [makePun(2, { userId: 'user-3' })], nextCursor: null }),
      },
      { query: playerFeedQuery('user-3'), newPuns: playerNewPuns('user-3') },
    );
    await screen.findByText('Pun number 2');
    act(() => dispatchLiveEvent('pun', { id: makePun(7).id, userId: 'user-2', day: '2026-11-22' }));
    expect(screen.queryByRole('button', { name: /new pun/ })).toBeNull();
    act(() => dispatchLiveEvent('pun', { id: makePun(1).id, userId: 'user-3', day: '2026-11-22' }));
    expect(screen.getByRole('button', { name: '1 new pun' })).toBeTruthy();
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it.each([
    [10_000, 'just now'],
    [5 * 60_000, '5 min ago'],
    [3 * 3_600_000, '3 hr ago'],
    [26 * 3_600_000, '1 day ago'],
    [3 * 86_400_000, '3 days ago'],
  ])('%i ms ago reads %s', (ago, text) => {
    expect(formatRelativeTime(new Date(now - ago), now)).toBe(text);
  });

  it('gives the date after a week', () => {
    expect(formatRelativeTime(new Date(now - 10 * 86_400_000), now)).toMatch(/2026/);
  });
});
