// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pun } from '#shared/api';
import { messages } from '#shared/messages';
import { sessionQueryKey } from '../api/auth';
import { friendsFeedQuery } from '../api/feeds';
import { reactionErrorMessage } from '../api/reactions';
import { callsTo, jsonResponse, stubServer, testUser } from '../testing/renderApp';
import { PunFeed } from './PunFeed';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PUN_ID = '00000000-0000-4000-8000-000000000001';
const REACTION_PATH = `/api/puns/${PUN_ID}/reaction`;

function makePun(overrides: Partial<Pun> = {}): Pun {
  return {
    id: PUN_ID,
    text: 'Lettuce turnip the beet',
    userId: 'user-2',
    authorName: 'Bob',
    category: 'Food',
    output: 'Restaurant Name',
    day: '2026-11-22',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    reactions: { crown: 1, fire: 2, thinker: 0, laughing: 3 },
    myReaction: null,
    ...overrides,
  };
}

interface Deferred {
  promise: Promise<Response>;
  resolve: (response: Response) => void;
}

function deferred(): Deferred {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

// The feed alone, signed in as testUser, with a plain QueryClient (no sign-out on a 401).
async function renderFeed(pun: Pun, handlers: Parameters<typeof stubServer>[0] = {}) {
  const fetchMock = stubServer({
    'GET /api/feed/friends': () => jsonResponse(200, { puns: [pun], nextCursor: null }),
    ...handlers,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, { user: testUser });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <PunFeed
          query={friendsFeedQuery()}
          label="Friend feed"
          emptyText={messages.feed.empty}
          errorText={messages.feed.errorFeed}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByText(pun.text);
  // Let the cards' effects run (Preact runs them after paint, up to a frame later) before a test
  // clicks: until then the mutation observer has no subscriber, and TanStack Query skips the
  // onError passed to mutate(). A person cannot click that fast; a test can.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return fetchMock;
}

function button(name: RegExp) {
  return screen.getByRole('button', { name });
}

// The optimistic change lands within a tick of the click, before the server has answered.
async function expectLabel(name: RegExp, label: string, pressed?: boolean) {
  await waitFor(() => expect(button(name).getAttribute('aria-label')).toBe(label));
  if (pressed !== undefined)
    expect(button(name).getAttribute('aria-pressed')).toBe(String(pressed));
}

describe('reactions', () => {
  it('shows the reaction at once, then keeps the server’s answer', async () => {
    const answer = deferred();
    const fetchMock = await renderFeed(makePun(), {
      [`PUT ${REACTION_PATH}`]: () => answer.promise,
    });

    fireEvent.click(button(/^Fire/));
    await expectLabel(/^Fire/, 'Fire (3)', true);
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', REACTION_PATH)).toHaveLength(1));
    const init = callsTo(fetchMock, 'PUT', REACTION_PATH)[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({ reaction: 'fire' });

    act(() =>
      answer.resolve(
        jsonResponse(200, {
          punId: PUN_ID,
          reactions: { crown: 1, fire: 4, thinker: 0, laughing: 3 },
          myReaction: 'fire',
        }),
      ),
    );
    await waitFor(() => expect(button(/^Fire/).getAttribute('aria-label')).toBe('Fire (4)'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('replaces one reaction with another', async () => {
    const fetchMock = await renderFeed(makePun({ myReaction: 'laughing' }), {
      [`PUT ${REACTION_PATH}`]: () => new Promise<Response>(() => undefined),
    });
    fireEvent.click(button(/^Thinker/));
    await expectLabel(/^Thinker/, 'Thinker (1)', true);
    await expectLabel(/^Laughing/, 'Laughing (2)', false);
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', REACTION_PATH)).toHaveLength(1));
  });

  it('clears the reaction when the same one is chosen again', async () => {
    const fetchMock = await renderFeed(makePun({ myReaction: 'fire' }), {
      [`DELETE ${REACTION_PATH}`]: () =>
        jsonResponse(200, {
          punId: PUN_ID,
          reactions: { crown: 1, fire: 1, thinker: 0, laughing: 3 },
          myReaction: null,
        }),
    });
    expect(button(/^Fire/).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button(/^Fire/));
    await expectLabel(/^Fire/, 'Fire (1)', false);
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', REACTION_PATH)).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', REACTION_PATH)).toHaveLength(0);
  });

  const failures: Array<[string, () => Response | Promise<Response>, string]> = [
    [
      'own pun (403)',
      () => jsonResponse(403, { error: 'own_pun', message: messages.reactions.ownPun }),
      messages.reactions.ownPun,
    ],
    [
      'a second crown (409)',
      () =>
        jsonResponse(409, { error: 'crown_already_given', message: messages.reactions.oneCrown }),
      messages.reactions.oneCrown,
    ],
    [
      'not logged in (401)',
      () => jsonResponse(401, { error: 'unauthorized', message: messages.generic.unauthorized }),
      messages.reactions.loginRequired,
    ],
    [
      'another refusal (403)',
      () => jsonResponse(403, { error: 'forbidden', message: 'No.' }),
      messages.reactions.permission,
    ],
    [
      'a server failure (500)',
      () => jsonResponse(500, { error: 'internal', message: messages.generic.internal }),
      messages.reactions.failed,
    ],
    [
      'the network failing (status 0)',
      () => Promise.reject(new TypeError('Failed to fetch')),
      messages.reactions.saveOffline,
    ],
  ];

  it.each(failures)('rolls back and explains %s', async (_cause, reply, message) => {
    const answer = deferred();
    await renderFeed(makePun(), {
      [`PUT ${REACTION_PATH}`]: async () => {
        await answer.promise;
        return reply();
      },
    });

    fireEvent.click(button(/^Crown/));
    await expectLabel(/^Crown/, 'Crown (2)', true);

    act(() => answer.resolve(new Response()));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(button(/^Crown/).getAttribute('aria-label')).toBe('Crown (1)');
    expect(button(/^Crown/).getAttribute('aria-pressed')).toBe('false');

    // The next action dismisses the message.
    fireEvent.click(button(/^Thinker/));
    expect(screen.queryByText(message)).toBeNull();
  });

  it('does not send while offline, and says so', async () => {
    const fetchMock = await renderFeed(makePun());
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);

    fireEvent.click(button(/^Laughing/));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.reactions.offline);
    expect(button(/^Laughing/).getAttribute('aria-label')).toBe('Laughing (3)');
    expect(button(/^Laughing/).getAttribute('aria-pressed')).toBe('false');
    expect(callsTo(fetchMock, 'PUT', REACTION_PATH)).toHaveLength(0);
  });

  it('picks the message by cause', () => {
    expect(reactionErrorMessage(new Error('x'))).toBe(messages.reactions.failed);
  });

  it('disables the buttons on one’s own pun, with the tooltip', async () => {
    const fetchMock = await renderFeed(makePun({ userId: testUser.id, authorName: 'Ada' }));
    const group = screen.getByRole('group', { name: 'Reactions' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons).toHaveLength(4);
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(tooltip.textContent).toBe("Can't react to your own pun!");
    expect(tooltip.textContent).toBe(messages.reactions.ownPunTooltip);
    for (const b of buttons) {
      expect(b.getAttribute('aria-disabled')).toBe('true');
      expect(b.getAttribute('aria-describedby')).toBe(tooltip.id);
    }
    fireEvent.click(button(/^Crown/));
    expect(button(/^Crown/).getAttribute('aria-label')).toBe('Crown (1)');
    expect(callsTo(fetchMock, 'PUT', REACTION_PATH)).toHaveLength(0);
  });

  it('gives each button its name, count and meaning', async () => {
    await renderFeed(makePun());
    expect(button(/^Crown/).getAttribute('aria-label')).toBe('Crown (1)');
    expect(button(/^Crown/).getAttribute('title')).toBe('Best pun of the day');
    expect(button(/^Fire/).getAttribute('title')).toBe('Exceptionally clever');
    expect(button(/^Thinker/).getAttribute('title')).toBe('Makes you pause');
    expect(button(/^Laughing/).getAttribute('title')).toBe('Makes you chuckle');
  });
});
