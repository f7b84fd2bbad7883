// @vitest-environment jsdom
// Report and block on the pun cards (issue 8): the ⋯ menu by keyboard, the report dialog and its
// answers, blocking (the player's puns leave the list), the author's hidden mark, and the live
// `moderation` event.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pun } from '#shared/api';
import { messages } from '#shared/messages';
import { moderationMessages, REPORT_NOTE_MAX_LENGTH } from '#shared/moderation';
import { sessionQueryKey } from '../api/auth';
import { friendsFeedQuery, friendsFeedQueryKey } from '../api/feeds';
import { applyModerationEvent } from '../api/moderation';
import { callsTo, jsonResponse, stubServer, testUser } from '../testing/renderApp';
import { PunFeed } from './PunFeed';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const BOB = 'user-2';
const bobsPun: Pun = {
  id: '00000000-0000-4000-8000-000000000001',
  text: 'Lettuce turnip the beet',
  userId: BOB,
  authorName: 'Bob',
  category: 'Food',
  output: 'Restaurant Name',
  day: '2026-11-22',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  reactions: { crown: 0, fire: 0, thinker: 0, laughing: 0 },
  myReaction: null,
};
const bobsOther: Pun = {
  ...bobsPun,
  id: '00000000-0000-4000-8000-000000000002',
  text: 'Kale yeah',
};
const myHidden: Pun = {
  ...bobsPun,
  id: '00000000-0000-4000-8000-000000000003',
  text: 'My edgy pun',
  userId: testUser.id,
  authorName: testUser.displayName,
  hidden: true,
};
const REPORT_PATH = `/api/puns/${bobsPun.id}/report`;
const BLOCK_PATH = `/api/users/${BOB}/block`;

async function renderFeed(puns: Pun[], handlers: Parameters<typeof stubServer>[0] = {}) {
  let served = puns;
  const fetchMock = stubServer({
    'GET /api/feed/friends': () => jsonResponse(200, { puns: served, nextCursor: null }),
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
  await screen.findByText(puns[0]?.text ?? '');
  return {
    fetchMock,
    queryClient,
    serve: (next: Pun[]) => {
      served = next;
    },
  };
}

const moreButton = () => screen.getByRole('button', { name: "More actions for Bob's pun" });

describe('the ⋯ menu on a pun card', () => {
  it("is on other players' puns only; the author's hidden pun is marked instead", async () => {
    await renderFeed([bobsPun, myHidden]);
    expect(screen.getAllByRole('button', { name: /^More actions/ })).toHaveLength(1);
    const mine = screen.getByText(myHidden.text).closest('article') as HTMLElement;
    expect(within(mine).getByText(moderationMessages.hiddenMark)).toBeTruthy();
    expect(within(mine).getByText(moderationMessages.hiddenExplanation)).toBeTruthy();
    const bobs = screen.getByText(bobsPun.text).closest('article') as HTMLElement;
    expect(within(bobs).queryByText(moderationMessages.hiddenMark)).toBeNull();
  });

  it('works from the keyboard like a menu button', async () => {
    await renderFeed([bobsPun]);
    const button = moreButton();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Report pun', 'Block Bob']);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(menu, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Block Bob'));
  });
});

describe('reporting a pun', () => {
  const openReport = async () => {
    fireEvent.click(moreButton());
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Report pun' }));
    return screen.findByRole('dialog', { name: 'Report this pun' });
  };

  it('asks for a reason, counts the note, sends it and thanks the player', async () => {
    const { fetchMock } = await renderFeed([bobsPun], {
      [`POST ${REPORT_PATH}`]: () => jsonResponse(201, { message: moderationMessages.reported }),
    });
    const dialog = await openReport();
    expect(within(dialog).getByText(bobsPun.text)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(moderationMessages.chooseReason);
    expect(callsTo(fetchMock, 'POST', REPORT_PATH)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: /Spam or advertising/ }));
    const note = within(dialog).getByRole('textbox', { name: 'Anything to add? (optional)' });
    fireEvent.input(note, { target: { value: '  Same ad three times ' } });
    expect(within(dialog).getByText(`22/${REPORT_NOTE_MAX_LENGTH}`)).toBeTruthy();
    // Typing past the limit is ignored.
    fireEvent.input(note, { target: { value: 'x'.repeat(REPORT_NOTE_MAX_LENGTH + 20) } });
    expect((note as HTMLTextAreaElement).value).toHaveLength(REPORT_NOTE_MAX_LENGTH);
    fireEvent.input(note, { target: { value: '  Same ad three times ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    const done = await screen.findByRole('dialog', { name: 'Report sent' });
    expect(within(done).getByRole('status').textContent).toBe(moderationMessages.reported);
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', REPORT_PATH)[0]?.[1]?.body))).toEqual({
      reason: 'spam',
      note: 'Same ad three times',
    });
    fireEvent.click(within(done).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(moreButton());
  });

  it('says so kindly when the player already reported it, and shows other failures', async () => {
    let answer = jsonResponse(409, {
      error: 'already_reported',
      message: moderationMessages.alreadyReported,
    });
    await renderFeed([bobsPun], { [`POST ${REPORT_PATH}`]: () => answer });
    let dialog = await openReport();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Offensive/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    dialog = await screen.findByRole('dialog', { name: 'Report sent' });
    expect(within(dialog).getByRole('status').textContent).toBe(moderationMessages.alreadyReported);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    answer = jsonResponse(500, { error: 'internal', message: messages.generic.internal });
    dialog = await openReport();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Something else/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(messages.generic.internal),
    );
    // Escape closes it, and focus goes back to the menu button.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(moreButton());
  });
});

describe('blocking a player', () => {
  it("confirms, blocks, and takes the player's puns out of the list", async () => {
    const { fetchMock, serve } = await renderFeed([bobsPun, bobsOther, myHidden], {
      [`POST ${BLOCK_PATH}`]: () =>
        jsonResponse(200, { user: { id: BOB, displayName: 'Bob' }, blocked: true }),
    });
    const firstMore = () =>
      screen.getAllByRole('button', { name: "More actions for Bob's pun" })[0] as Element;
    fireEvent.click(firstMore());
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Block Bob' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Block Bob?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'POST', BLOCK_PATH)).toHaveLength(0);
    expect(screen.getByText(bobsPun.text)).toBeTruthy();

    fireEvent.click(firstMore());
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Block Bob' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block Bob' }),
    );
    const done = await screen.findByRole('dialog', { name: 'You blocked Bob' });
    expect(callsTo(fetchMock, 'POST', BLOCK_PATH)).toHaveLength(1);
    // Still there while the confirmation is read.
    expect(screen.getByText(bobsPun.text)).toBeTruthy();
    serve([myHidden]);
    fireEvent.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(bobsPun.text)).toBeNull());
    expect(screen.queryByText(bobsOther.text)).toBeNull();
    expect(screen.getByText(myHidden.text)).toBeTruthy();
    // The reader's place: the list, not nowhere.
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Friend feed' }));
  });
});

describe('the live moderation event', () => {
  it('waits for an open dialog on the pun before taking its card away', async () => {
    const { queryClient } = await renderFeed([bobsPun, bobsOther], {
      [`POST ${REPORT_PATH}`]: () => jsonResponse(201, { message: moderationMessages.reported }),
    });
    fireEvent.click(
      screen.getAllByRole('button', { name: "More actions for Bob's pun" })[0] as Element,
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Report pun' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this pun' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Spam/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const done = await screen.findByRole('dialog', { name: 'Report sent' });
    // This report was the one that hid it: the event arrives while the thanks are on screen.
    act(() =>
      applyModerationEvent(
        queryClient,
        { punId: bobsPun.id, userId: BOB, hidden: true },
        testUser.id,
      ),
    );
    expect(screen.getByText(bobsPun.text)).toBeTruthy();
    expect(within(done).getByRole('status').textContent).toBe(moderationMessages.reported);
    fireEvent.click(within(done).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(bobsPun.text)).toBeNull());
    expect(screen.getByText(bobsOther.text)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Friend feed' }));
  });

  it('drops a hidden pun from every feed, but marks it for its author', async () => {
    const visibleMine = {
      ...myHidden,
      hidden: undefined,
      id: '00000000-0000-4000-8000-000000000004',
    };
    const { queryClient } = await renderFeed([bobsPun, bobsOther, visibleMine]);
    act(() =>
      applyModerationEvent(
        queryClient,
        { punId: bobsPun.id, userId: BOB, hidden: true },
        testUser.id,
      ),
    );
    await waitFor(() => expect(screen.queryByText(bobsPun.text)).toBeNull());
    expect(screen.getByText(bobsOther.text)).toBeTruthy();

    act(() =>
      applyModerationEvent(
        queryClient,
        { punId: visibleMine.id, userId: testUser.id, hidden: true },
        testUser.id,
      ),
    );
    const mine = screen.getByText(visibleMine.text).closest('article') as HTMLElement;
    await waitFor(() => expect(within(mine).getByText(moderationMessages.hiddenMark)).toBeTruthy());

    // A ban: every pun of the player, without a pun id.
    act(() => applyModerationEvent(queryClient, { userId: BOB, hidden: true }, testUser.id));
    await waitFor(() => expect(screen.queryByText(bobsOther.text)).toBeNull());
    const left = queryClient.getQueryData<{ pages: { puns: Pun[] }[] }>(friendsFeedQueryKey);
    expect(left?.pages.flatMap((p) => p.puns.map((x) => x.id))).toEqual([visibleMine.id]);
  });
});
