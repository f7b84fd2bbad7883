// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type SharedPun, shareMessages } from '#shared/share';
import { jsonResponse, renderApp, signedInAs, stubServer, testUser } from '../testing/renderApp';

const PUN_ID = '00000000-0000-4000-8000-000000000001';

const pun: SharedPun = {
  id: PUN_ID,
  text: 'Lettuce celebrate, the Codfather is here',
  authorName: 'Nigella',
  category: 'Movies',
  output: 'Restaurant Name',
  day: '2026-11-22',
  createdAt: '2026-11-22T18:00:00.000Z',
  reactions: { crown: 2, fire: 1, thinker: 0, laughing: 4 },
  hidden: false,
};

describe('Shared pun page', () => {
  it('shows the pun, its author, challenge and reactions, and invites a visitor to join', async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(null),
      [`GET /api/share/${PUN_ID}`]: () => jsonResponse(200, { pun }),
    });
    const { router } = renderApp(`/p/${PUN_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: pun.text })).toBeTruthy();
    expect(screen.getByText('Nigella')).toBeTruthy();
    expect(screen.getByText('Movies + Restaurant Name')).toBeTruthy();
    const reactions = screen.getByRole('list', { name: 'Reactions' });
    expect(reactions.textContent).toContain('Crown: 2');
    expect(reactions.textContent).toContain('Laughing: 4');
    await waitFor(() =>
      expect(document.title).toBe('Lettuce celebrate, the Codfather is here | Punday'),
    );
    // Signed out stays on the page (no guard) and is offered sign-up.
    expect(router.state.location.pathname).toBe(`/p/${PUN_ID}`);
    const join = screen.getByRole('link', { name: shareMessages.joinCall });
    expect(join.getAttribute('href')).toBe('/signup');
    expect(screen.queryByRole('link', { name: shareMessages.dashboardLink })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('links a signed-in player to the dashboard, and tells an author their pun is hidden', async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(testUser),
      [`GET /api/share/${PUN_ID}`]: () => jsonResponse(200, { pun: { ...pun, hidden: true } }),
    });
    renderApp(`/p/${PUN_ID}`);
    await screen.findByRole('heading', { level: 1, name: pun.text });
    expect(screen.getByRole('alert').textContent).toBe(shareMessages.hiddenNotice);
    const dashboard = screen.getByRole('link', { name: shareMessages.dashboardLink });
    expect(dashboard.getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: shareMessages.joinCall })).toBeNull();
  });

  it('says plainly when the pun does not exist', async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(null),
      [`GET /api/share/${PUN_ID}`]: () =>
        jsonResponse(404, { error: 'pun_not_found', message: shareMessages.notFound }),
    });
    renderApp(`/p/${PUN_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: shareMessages.notFoundTitle }),
    ).toBeTruthy();
    expect(screen.getByText(shareMessages.notFound)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Pun not found | Punday'));
    expect(screen.getByRole('link', { name: shareMessages.joinCall })).toBeTruthy();
  });

  it('offers a retry when the server cannot be reached', async () => {
    let fail = true;
    stubServer({
      'GET /api/auth/session': signedInAs(null),
      [`GET /api/share/${PUN_ID}`]: () =>
        fail
          ? jsonResponse(503, { error: 'unavailable', message: 'The service is down.' })
          : jsonResponse(200, { pun }),
    });
    renderApp(`/p/${PUN_ID}`);
    // Two automatic retries first (the app's default for server errors).
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'The service is down.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: pun.text })).toBeTruthy();
  });
});
