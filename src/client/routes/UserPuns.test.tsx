// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Pun, UserProfile } from '#shared/api';
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

const BOB_ID = '00000000-0000-4000-8000-0000000000b0';

function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: BOB_ID,
    displayName: 'Bob',
    isFriend: false,
    isMe: false,
    crownCount: 2,
    ...overrides,
  };
}

const bobsPun: Pun = {
  id: '00000000-0000-4000-8000-000000000001',
  text: 'Brie-lliant',
  userId: BOB_ID,
  authorName: 'Bob',
  category: 'Food',
  output: 'Cheese Shop',
  day: '2026-11-22',
  createdAt: new Date().toISOString(),
  reactions: { crown: 0, fire: 1, thinker: 0, laughing: 0 },
  myReaction: null,
};

function openUserPage(path: string, handlers: Record<string, FakeHandler>) {
  const fetchMock = stubServer({
    'GET /api/auth/session': signedInAs(testUser),
    [`GET /api/users/${BOB_ID}/puns`]: () =>
      jsonResponse(200, { puns: [bobsPun], nextCursor: null }),
    ...handlers,
  });
  renderApp(path);
  return fetchMock;
}

describe('User pun-list page', () => {
  it('is headed and titled "{name}\'s Puns" and lists the player\'s puns', async () => {
    openUserPage(`/user/${BOB_ID}`, {
      [`GET /api/users/${BOB_ID}`]: () => jsonResponse(200, profile()),
    });
    expect(await screen.findByRole('heading', { name: "Bob's Puns", level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Bob's Puns | Punday"));
    expect(await screen.findByText('Brie-lliant')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Friend' })).toBeTruthy();
  });

  it('falls back to Anonymous for an empty name', async () => {
    openUserPage(`/user/${BOB_ID}/puns`, {
      [`GET /api/users/${BOB_ID}`]: () => jsonResponse(200, profile({ displayName: '' })),
    });
    expect(await screen.findByRole('heading', { name: "Anonymous's Puns" })).toBeTruthy();
  });

  it("says 'User not found' for an unknown or malformed id", async () => {
    openUserPage(`/user/${BOB_ID}`, {
      [`GET /api/users/${BOB_ID}`]: () =>
        jsonResponse(404, { error: 'not_found', message: messages.userPage.notFound }),
    });
    expect(await screen.findByRole('heading', { name: messages.userPage.notFound })).toBeTruthy();
    cleanup();

    openUserPage('/user/not-a-uuid', {
      'GET /api/users/not-a-uuid': () =>
        jsonResponse(400, { error: 'validation', message: messages.userPage.notFound }),
    });
    expect(await screen.findByRole('heading', { name: messages.userPage.notFound })).toBeTruthy();
  });

  it('shows an error banner when the user cannot load', async () => {
    openUserPage(`/user/${BOB_ID}`, {
      [`GET /api/users/${BOB_ID}`]: () => jsonResponse(403, { error: 'forbidden', message: 'x' }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(messages.userPage.loadError);
  });

  it('adds and removes the friend, Processing... while busy', async () => {
    let isFriend = false;
    let answer: () => void = () => undefined;
    const fetchMock = openUserPage(`/user/${BOB_ID}`, {
      [`GET /api/users/${BOB_ID}`]: () => jsonResponse(200, profile({ isFriend })),
      [`PUT /api/friends/${BOB_ID}`]: () =>
        new Promise<Response>((resolve) => {
          answer = () => {
            isFriend = true;
            resolve(jsonResponse(200, { friend: { id: BOB_ID, displayName: 'Bob' }, isFriend }));
          };
        }),
      [`DELETE /api/friends/${BOB_ID}`]: () =>
        jsonResponse(500, { error: 'internal', message: 'x' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Friend' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeTruthy();
    answer();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Friend' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.userPage.removeFailed);
    expect(callsTo(fetchMock, 'DELETE', `/api/friends/${BOB_ID}`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove Friend' })).toBeTruthy();
  });

  it('says adding failed in an error banner', async () => {
    openUserPage(`/user/${BOB_ID}`, {
      [`GET /api/users/${BOB_ID}`]: () => jsonResponse(200, profile()),
      [`PUT /api/friends/${BOB_ID}`]: () => jsonResponse(404, { error: 'not_found', message: 'x' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Friend' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.userPage.addFailed);
  });

  it('has no friend button on one’s own page, and /my-puns is that page', async () => {
    const fetchMock = stubServer({
      'GET /api/auth/session': signedInAs(testUser),
      [`GET /api/users/${testUser.id}/puns`]: () =>
        jsonResponse(200, { puns: [], nextCursor: null }),
    });
    renderApp('/my-puns');
    expect(await screen.findByRole('heading', { name: "Ada's Puns" })).toBeTruthy();
    expect(await screen.findByText(messages.feed.empty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Friend/ })).toBeNull();
    expect(callsTo(fetchMock, 'GET', `/api/users/${testUser.id}/puns`)).toHaveLength(1);
  });
});
