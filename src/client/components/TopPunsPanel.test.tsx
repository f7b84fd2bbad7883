// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicPun } from '#shared/api';
import { messages } from '#shared/messages';
import { callsTo, jsonResponse, renderApp, signedInAs, stubServer } from '../testing/renderApp';

function publicPun(n: number, crowns: number): PublicPun {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    text: `Top pun ${n}`,
    userId: `user-${n}`,
    authorName: `Player ${n}`,
    category: 'Music',
    output: 'Band Name',
    day: '2026-11-20',
    createdAt: new Date(Date.now() - n * 3_600_000).toISOString(),
    reactions: { crown: crowns, fire: 1, thinker: 0, laughing: 2 },
  };
}

describe('Top Puns This Week (log-in screen)', () => {
  it('shows the three puns, read-only, signed out', async () => {
    const fetchMock = stubServer({
      'GET /api/auth/session': signedInAs(null),
      'GET /api/puns/top-week': () =>
        jsonResponse(200, { puns: [publicPun(1, 5), publicPun(2, 3), publicPun(3, 1)] }),
    });
    renderApp('/');
    const panel = (await screen.findByRole('heading', { name: 'Top Puns This Week' })).closest(
      'section',
    ) as HTMLElement;
    const list = await within(panel).findByRole('list', { name: 'Top Puns This Week' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByText(/^Top pun/).textContent)).toEqual([
      'Top pun 1',
      'Top pun 2',
      'Top pun 3',
    ]);
    expect(within(panel).queryAllByRole('button')).toHaveLength(0);
    expect(within(cards[0] as HTMLElement).getByText('Player 1')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('Crown:').parentElement?.textContent).toBe(
      'Crown: 5',
    );
    const [url] = callsTo(fetchMock, 'GET', '/api/puns/top-week').map(
      ([input]) => new URL(String(input), 'http://localhost'),
    );
    expect(url?.searchParams.get('limit')).toBe('3');
  });

  it("says 'No puns found this week.' when there are none", async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(null),
      'GET /api/puns/top-week': () => jsonResponse(200, { puns: [] }),
    });
    renderApp('/');
    expect(await screen.findByText(messages.feed.emptyWeek)).toBeTruthy();
  });

  it('reads as an empty week when it cannot load', async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(null),
      'GET /api/puns/top-week': () => jsonResponse(400, { error: 'bad', message: 'x' }),
    });
    renderApp('/');
    expect(await screen.findByText(messages.feed.emptyWeek)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
