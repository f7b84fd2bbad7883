// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Pun } from '#shared/api';
import { type ArchiveEntry, archiveMessages } from '#shared/archive';
import type { StreakResponse } from '#shared/streaks';
import {
  callsTo,
  type FakeHandler,
  jsonResponse,
  renderApp,
  signedInAs,
  stubServer,
  testUser,
} from '../testing/renderApp';

const BOB_ID = '00000000-0000-4000-8000-0000000000b0';

function pun(overrides: Partial<Pun> = {}): Pun {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    text: 'Brie-lliant',
    userId: BOB_ID,
    authorName: 'Bob',
    category: 'Food',
    output: 'Cheese Shop',
    day: '2026-11-21',
    createdAt: '2026-11-21T18:00:00.000Z',
    reactions: { crown: 4, fire: 1, thinker: 0, laughing: 0 },
    myReaction: null,
    ...overrides,
  };
}

function entry(day: string, overrides: Partial<ArchiveEntry> = {}): ArchiveEntry {
  const { myReaction: _, ...top } = pun({ day });
  return { day, category: 'Food', output: 'Cheese Shop', punCount: 3, topPun: top, ...overrides };
}

function streak(overrides: Partial<StreakResponse> = {}): StreakResponse {
  return {
    userId: testUser.id,
    current: 0,
    longest: 0,
    lastDay: null,
    today: '2026-11-22',
    ...overrides,
  };
}

function open(path: string, handlers: Record<string, FakeHandler>) {
  const fetchMock = stubServer({
    'GET /api/auth/session': signedInAs(testUser),
    'GET /api/me/streak': () => jsonResponse(200, streak()),
    ...handlers,
  });
  renderApp(path);
  return fetchMock;
}

describe('Archive list', () => {
  it('lists past days with their challenge, count and top pun, and loads more', async () => {
    const fetchMock = open('/archive', {
      'GET /api/archive': () =>
        callsTo(fetchMock, 'GET', '/api/archive').length === 1
          ? jsonResponse(200, {
              days: [
                entry('2026-11-21'),
                entry('2026-11-20', { punCount: 0, topPun: null, category: 'Animals' }),
              ],
              nextCursor: '2026-11-20',
            })
          : jsonResponse(200, { days: [entry('2026-11-19', { punCount: 1 })], nextCursor: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Archive', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Archive | Punday'));
    const link = await screen.findByRole('link', { name: 'November 21, 2026' });
    expect(link.getAttribute('href')).toBe('/archive/2026-11-21');
    const first = link.closest('article');
    if (!first) throw new Error('no card');
    expect(within(first).getByText('3 puns')).toBeTruthy();
    expect(within(first).getByText('Brie-lliant')).toBeTruthy();
    expect(within(first).getByText('4 crowns')).toBeTruthy();
    const empty = screen.getByRole('link', { name: 'November 20, 2026' }).closest('article');
    expect(empty?.textContent).toContain('0 puns');
    expect(empty?.textContent).not.toContain('Top pun');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'November 19, 2026' })).toBeTruthy();
    const [, second] = callsTo(fetchMock, 'GET', '/api/archive');
    expect(String(second?.[0])).toContain('cursor=2026-11-20');
    expect(screen.getByText('1 pun')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there is no past day yet', async () => {
    open('/archive', {
      'GET /api/archive': () => jsonResponse(200, { days: [], nextCursor: null }),
    });
    expect(await screen.findByText(archiveMessages.empty)).toBeTruthy();
  });

  it('shows an error when the archive cannot load', async () => {
    open('/archive', {
      // A client error, so the query gives up at once rather than after its retries.
      'GET /api/archive': () => jsonResponse(400, { error: 'bad', message: 'boom' }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(archiveMessages.loadFailed);
  });
});

describe('Archive day', () => {
  it("shows the day's challenge and ranked puns, with reactions and no submission form", async () => {
    open('/archive/2026-11-21', {
      'GET /api/archive/2026-11-21': () =>
        jsonResponse(200, {
          challenge: {
            day: '2026-11-21',
            category: 'Food',
            output: 'Cheese Shop',
            aiPun: null,
            aiStatus: 'success',
          },
          punCount: 2,
          puns: [pun(), pun({ id: '00000000-0000-4000-8000-000000000002', text: 'Gouda one' })],
          nextCursor: null,
        }),
    });
    expect(
      await screen.findByRole('heading', { name: 'November 21, 2026', level: 1 }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('November 21, 2026 | Punday'));
    expect(await screen.findByText('Gouda one')).toBeTruthy();
    expect(screen.getByText('2 puns, most crowns first')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Puns of November 21, 2026' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).getAllByRole('button', { name: /Crown/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Back to archive/ }).getAttribute('href')).toBe(
      '/archive',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("says today is not archive yet and links to today's challenge", async () => {
    open('/archive/2026-11-22', {
      'GET /api/archive/2026-11-22': () =>
        jsonResponse(404, { error: 'archive_today', message: archiveMessages.today }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(archiveMessages.today);
    expect(screen.getByRole('link', { name: "Play today's challenge" })).toBeTruthy();
  });

  it('refuses a date that is not one without asking the server', async () => {
    const fetchMock = open('/archive/2026-02-30', {});
    expect(await screen.findByText(archiveMessages.badDay)).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/archive/2026-02-30')).toHaveLength(0);
  });
});

describe('Streaks', () => {
  it('shows the streak pill in the header, and none at zero', async () => {
    open('/archive', {
      'GET /api/archive': () => jsonResponse(200, { days: [], nextCursor: null }),
      'GET /api/me/streak': () =>
        jsonResponse(200, streak({ current: 5, longest: 9, lastDay: '2026-11-21' })),
    });
    const pill = await screen.findByRole('img', { name: '5-day streak' });
    expect(pill.getAttribute('title')).toContain("Submit today's pun");
    cleanup();
    open('/archive', {
      'GET /api/archive': () => jsonResponse(200, { days: [], nextCursor: null }),
    });
    expect(await screen.findByText(archiveMessages.empty)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /streak/ })).toBeNull();
  });

  it("shows a player's current and longest streak on their page", async () => {
    open(`/user/${BOB_ID}`, {
      [`GET /api/users/${BOB_ID}`]: () =>
        jsonResponse(200, {
          id: BOB_ID,
          displayName: 'Bob',
          isFriend: false,
          isMe: false,
          crownCount: 2,
        }),
      [`GET /api/users/${BOB_ID}/puns`]: () => jsonResponse(200, { puns: [], nextCursor: null }),
      [`GET /api/users/${BOB_ID}/streak`]: () =>
        jsonResponse(
          200,
          streak({ userId: BOB_ID, current: 1, longest: 12, lastDay: '2026-11-22' }),
        ),
    });
    const current = await screen.findByText('Current streak');
    await waitFor(() => expect(current.nextElementSibling?.textContent).toBe('1 day'));
    expect(screen.getByText('Longest streak').nextElementSibling?.textContent).toBe('12 days');
  });
});
