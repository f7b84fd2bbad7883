// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import {
  callsTo,
  type FakeHandler,
  jsonResponse,
  renderApp,
  signedInAs,
  stubServer,
  testUser,
} from '../testing/renderApp';
import { SEARCH_DEBOUNCE_MS } from './FriendSearch';

const BOB = { id: '00000000-0000-4000-8000-0000000000b0', displayName: 'Bob' };
const BOBBY = { id: '00000000-0000-4000-8000-0000000000b1', displayName: 'Bobby' };

async function openManage(handlers: Record<string, FakeHandler>) {
  const fetchMock = stubServer({
    'GET /api/auth/session': signedInAs(testUser),
    'GET /api/friends': () => jsonResponse(200, { users: [] }),
    ...handlers,
  });
  renderApp('/dashboard?tab=manage');
  await screen.findByLabelText('Search by display name');
  return fetchMock;
}

function type(value: string) {
  fireEvent.input(screen.getByLabelText('Search by display name'), { target: { value } });
}

function searchQueries(fetchMock: ReturnType<typeof stubServer>): string[] {
  return callsTo(fetchMock, 'GET', '/api/users/search').map(
    ([input]) => new URL(String(input), 'http://localhost').searchParams.get('q') ?? '',
  );
}

describe('Friend search', () => {
  it('waits 300 ms after typing, sends the trimmed query once, and lists the results', async () => {
    const fetchMock = await openManage({
      'GET /api/users/search': () => jsonResponse(200, { users: [BOB, BOBBY] }),
    });
    const started = Date.now();
    type('b');
    type('bo');
    type('  bob ');
    expect(searchQueries(fetchMock)).toEqual([]);

    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 20);
    expect(searchQueries(fetchMock)).toEqual(['bob']);
    expect(within(results).getAllByRole('button', { name: 'Add Friend' })).toHaveLength(2);
    expect(within(results).getByText('Bobby')).toBeTruthy();

    // An empty query clears the results at once.
    type('   ');
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  });

  it("says 'No users found matching your search.'", async () => {
    await openManage({ 'GET /api/users/search': () => jsonResponse(200, { users: [] }) });
    type('zed');
    expect(await screen.findByText(messages.friends.noResults)).toBeTruthy();
  });

  it('says the search failed', async () => {
    await openManage({
      'GET /api/users/search': () => jsonResponse(400, { error: 'validation', message: 'x' }),
    });
    type('zed');
    expect(await screen.findByText(messages.friends.searchFailed)).toBeTruthy();
  });

  it("says 'This user is already your friend!' on a 409", async () => {
    let answer: (response: Response) => void = () => undefined;
    await openManage({
      'GET /api/users/search': () => jsonResponse(200, { users: [BOB] }),
      [`PUT /api/friends/${BOB.id}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    type('bob');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Friend' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeTruthy();
    answer(jsonResponse(409, { error: 'conflict', message: messages.friends.alreadyFriend }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.friends.alreadyFriend);
  });

  it('says adding failed on any other error', async () => {
    await openManage({
      'GET /api/users/search': () => jsonResponse(200, { users: [BOB] }),
      [`PUT /api/friends/${BOB.id}`]: () => jsonResponse(500, { error: 'internal', message: 'x' }),
    });
    type('bob');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Friend' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.friends.addFailed);
  });

  it('adds a friend: the friend list and the search are asked again', async () => {
    let friends: (typeof BOB)[] = [];
    const fetchMock = await openManage({
      'GET /api/friends': () => jsonResponse(200, { users: friends }),
      'GET /api/users/search': () => jsonResponse(200, { users: friends.length ? [] : [BOB] }),
      [`PUT /api/friends/${BOB.id}`]: () => {
        friends = [BOB];
        return jsonResponse(200, { friend: BOB, isFriend: true });
      },
    });
    expect(await screen.findByText(messages.friends.noFriendsTitle)).toBeTruthy();
    type('bob');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Friend' }));

    const list = await screen.findByRole('list', { name: 'Your friends' });
    const link = within(list).getByRole('link', { name: 'Bob' });
    expect(link.getAttribute('href')).toBe(`/user/${BOB.id}/puns`);
    expect(await screen.findByText(messages.friends.noResults)).toBeTruthy();
    expect(searchQueries(fetchMock)).toEqual(['bob', 'bob']);
  });
});

describe('Friend list', () => {
  it('removes a friend, showing Processing... meanwhile', async () => {
    let friends = [BOB];
    let answer: () => void = () => undefined;
    await openManage({
      'GET /api/friends': () => jsonResponse(200, { users: friends }),
      [`DELETE /api/friends/${BOB.id}`]: () =>
        new Promise<Response>((resolve) => {
          answer = () => {
            friends = [];
            resolve(jsonResponse(200, { friend: BOB, isFriend: false }));
          };
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Friend' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeTruthy();
    answer();
    expect(await screen.findByText(messages.friends.noFriendsTitle)).toBeTruthy();
  });

  it('says the list could not load', async () => {
    await openManage({
      'GET /api/friends': () => jsonResponse(403, { error: 'forbidden', message: 'x' }),
    });
    expect(await screen.findByText(messages.friends.loadFailed)).toBeTruthy();
  });

  it('is on the /friends screen too', async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(testUser),
      'GET /api/friends': () => jsonResponse(200, { users: [BOBBY] }),
    });
    renderApp('/friends');
    expect(await screen.findByRole('link', { name: 'Bobby' })).toBeTruthy();
    expect(screen.getByLabelText('Search by display name')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Friends | Punday'));
  });
});
