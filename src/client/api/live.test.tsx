// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Challenge, LiveEvent } from '#shared/api';
import { messages } from '#shared/messages';
import {
  callsTo,
  jsonResponse,
  renderApp,
  signedInAs,
  stubServer,
  testUser,
} from '../testing/renderApp';
import { onAnyLiveEvent, onLiveEvent } from './live';

// jsdom has no EventSource: this one records what the app opens and lets a test play the server.
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readyState = FakeEventSource.CONNECTING;

  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  emit(type: string, data: unknown, id = '1') {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
    });
  }

  /** The browser gave up (say, a 502 while the server restarts). */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => {
      this.dispatchEvent(new Event('error'));
    });
  }
}

const openStreams = () => FakeEventSource.instances.filter((s) => s.readyState !== 2);

function currentStream(): FakeEventSource {
  const stream = openStreams().at(-1);
  if (!stream) throw new Error('no open event stream');
  return stream;
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const DAY = '2026-11-22';

function startApp() {
  let challenge: Challenge = {
    day: DAY,
    category: 'Food',
    output: 'Restaurant Name',
    aiPun: null,
    aiStatus: 'pending',
  };
  const fetchMock = stubServer({
    'GET /api/auth/session': signedInAs(testUser),
    'GET /api/challenge/today': () =>
      jsonResponse(200, { challenge, endsAt: '2026-11-23T08:00:00.000Z' }),
    'GET /api/puns/mine/today': () => jsonResponse(200, { day: DAY, pun: null }),
  });
  const view = renderApp('/dashboard?tab=create');
  return {
    ...view,
    fetchMock,
    setChallenge: (next: Partial<Challenge>) => {
      challenge = { ...challenge, ...next };
    },
  };
}

async function aiArea() {
  return screen.findByRole('region', { name: 'AI example' });
}

describe('live events', () => {
  it('opens one stream for the signed-in app and closes it when the app goes away', async () => {
    const { unmount } = startApp();
    await aiArea();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(currentStream().url).toBe('/api/events');
    unmount();
    expect(openStreams()).toHaveLength(0);
  });

  it('a challenge event refetches the challenge: the AI example appears without a reload', async () => {
    const { fetchMock, setChallenge } = startApp();
    const area = await aiArea();
    expect(within(area).getByText(messages.ai.pending)).toBeTruthy();

    setChallenge({ aiStatus: 'success', aiPun: 'Pho Real' });
    currentStream().emit('challenge', { day: DAY });
    expect(await within(area).findByText('Pho Real')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/challenge/today')).toHaveLength(2);
    // Same day: my pun for today is still today's, so it is not asked for again.
    expect(callsTo(fetchMock, 'GET', '/api/puns/mine/today')).toHaveLength(1);
  });

  it("a challenge event for a new day also rechecks today's pun", async () => {
    const { fetchMock } = startApp();
    await aiArea();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/puns/mine/today')).toHaveLength(1));
    currentStream().emit('challenge', { day: '2026-11-23' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/puns/mine/today')).toHaveLength(2));
  });

  it('a crowns event for me updates the crown pill; one for someone else does not', async () => {
    startApp();
    expect(await screen.findByRole('img', { name: 'Crowns received: 3' })).toBeTruthy();
    // The stream opens in an effect after the header first paints.
    await waitFor(() => currentStream());
    currentStream().emit('crowns', { userId: 'someone-else', crownCount: 40 });
    expect(screen.getByRole('img', { name: 'Crowns received: 3' })).toBeTruthy();
    currentStream().emit('crowns', { userId: testUser.id, crownCount: 4 });
    expect(await screen.findByRole('img', { name: 'Crowns received: 4' })).toBeTruthy();
  });

  it('ignores events that do not match the shared schema', async () => {
    startApp();
    await screen.findByRole('img', { name: 'Crowns received: 3' });
    // The stream opens in an effect after the header first paints.
    await waitFor(() => currentStream());
    currentStream().emit('crowns', { userId: testUser.id, crownCount: 'many' });
    act(() => {
      currentStream().dispatchEvent(new MessageEvent('crowns', { data: '{not json' }));
    });
    expect(screen.getByRole('img', { name: 'Crowns received: 3' })).toBeTruthy();
  });

  it('hands checked events to subscribers, by type and raw', async () => {
    startApp();
    await aiArea();
    const reactions = vi.fn();
    const all: LiveEvent[] = [];
    const offReactions = onLiveEvent('reactions', reactions);
    const offAll = onAnyLiveEvent((event) => all.push(event));
    const counts = { crown: 1, fire: 2, thinker: 0, laughing: 0 };
    currentStream().emit('reactions', { punId: 'p1', reactions: counts }, '41');
    currentStream().emit('reactions', { punId: 'p1', reactions: 'nope' }, '42');
    offReactions();
    offAll();
    currentStream().emit('reactions', { punId: 'p2', reactions: counts }, '43');
    expect(reactions).toHaveBeenCalledTimes(1);
    expect(reactions).toHaveBeenCalledWith({ punId: 'p1', reactions: counts }, '41');
    expect(all).toEqual([
      { id: '41', type: 'reactions', data: { punId: 'p1', reactions: counts } },
    ]);
  });

  it('resync refetches everything', async () => {
    const { fetchMock } = startApp();
    await aiArea();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/puns/mine/today')).toHaveLength(1));
    const sessions = callsTo(fetchMock, 'GET', '/api/auth/session').length;
    currentStream().emit('resync', {});
    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET', '/api/challenge/today')).toHaveLength(2);
      expect(callsTo(fetchMock, 'GET', '/api/puns/mine/today')).toHaveLength(2);
      expect(callsTo(fetchMock, 'GET', '/api/auth/session').length).toBeGreaterThan(sessions);
    });
  });

  it('opens a new stream when the browser gives up on one, and refetches the gap', async () => {
    const { fetchMock } = startApp();
    await aiArea();
    currentStream().open();
    currentStream().fail();
    expect(openStreams()).toHaveLength(0);
    await waitFor(() => expect(openStreams()).toHaveLength(1), { timeout: 3_000 });
    expect(callsTo(fetchMock, 'GET', '/api/challenge/today')).toHaveLength(1);
    act(() => currentStream().open());
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/challenge/today')).toHaveLength(2));
  });

  it('refetches the challenge after the tab was hidden for over a minute', async () => {
    const { fetchMock } = startApp();
    await aiArea();
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const start = Date.now();
    const now = vi.spyOn(Date, 'now');

    now.mockReturnValue(start);
    visibility = 'hidden';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    now.mockReturnValue(start + 30_000);
    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(callsTo(fetchMock, 'GET', '/api/challenge/today')).toHaveLength(1);

    now.mockReturnValue(start + 40_000);
    visibility = 'hidden';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    now.mockReturnValue(start + 40_000 + 61_000);
    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/challenge/today')).toHaveLength(2));
  });
});
