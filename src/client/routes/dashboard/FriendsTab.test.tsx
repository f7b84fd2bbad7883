// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { jsonResponse, renderApp, signedInAs, stubServer, testUser } from '../../testing/renderApp';

describe('Dashboard Friends tab', () => {
  it("says 'No Friends Yet!' with a Find Friends link to /friends when there are none", async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(testUser),
      'GET /api/friends': () => jsonResponse(200, { users: [] }),
      'GET /api/users/search': () => jsonResponse(200, { users: [] }),
    });
    const { router } = renderApp('/dashboard?tab=friends');

    expect(
      await screen.findByRole('heading', { name: messages.friends.noFriendsTitle }),
    ).toBeTruthy();
    expect(screen.getByText(messages.friends.noFriendsBody)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Find Friends' });
    expect(link.getAttribute('href')).toBe('/friends');

    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Friends', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/friends');
  });

  it("shows 'No puns found.' when friends have not posted", async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(testUser),
      'GET /api/friends': () =>
        jsonResponse(200, { users: [{ id: 'user-2', displayName: 'Bob' }] }),
      'GET /api/feed/friends': () => jsonResponse(200, { puns: [], nextCursor: null }),
    });
    renderApp('/dashboard?tab=friends');
    expect(await screen.findByText(messages.feed.empty)).toBeTruthy();
  });

  it("shows friends' puns, and the feed's own error text when it fails", async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(testUser),
      'GET /api/friends': () =>
        jsonResponse(200, { users: [{ id: 'user-2', displayName: 'Bob' }] }),
      'GET /api/feed/friends': () => jsonResponse(400, { error: 'bad', message: 'Bad.' }),
    });
    renderApp('/dashboard?tab=friends');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.feed.errorFeed);
  });
});
