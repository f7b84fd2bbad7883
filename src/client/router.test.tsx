// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import {
  callsTo,
  jsonResponse,
  noContent,
  renderApp,
  signedInAs,
  stubServer,
  testUser,
} from './testing/renderApp';

describe('route guards (spec §2)', () => {
  it('sends a signed-out visitor from a signed-in screen to log-in', async () => {
    stubServer({ 'GET /api/auth/session': signedInAs(null) });
    const { router } = renderApp('/profile-settings');
    await screen.findByRole('heading', { name: 'Log In' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user from log-in and sign-up to the dashboard', async () => {
    stubServer({ 'GET /api/auth/session': signedInAs(testUser) });
    const { router } = renderApp('/signup');
    await screen.findByRole('tablist', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the centred spinner while the session loads', async () => {
    let answer: (response: Response) => void = () => {};
    stubServer({
      'GET /api/auth/session': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/dashboard');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    answer(jsonResponse(200, { user: testUser }));
    await screen.findByRole('tablist', { name: 'Dashboard' });
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('treats an unreachable server as signed out instead of spinning', async () => {
    stubServer({
      'GET /api/auth/session': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Log In' });
  });

  it('sends unknown paths to log-in, or to the dashboard when signed in', async () => {
    stubServer({ 'GET /api/auth/session': signedInAs(null) });
    const signedOut = renderApp('/no-such-page');
    await screen.findByRole('heading', { name: 'Log In' });
    expect(signedOut.router.state.location.pathname).toBe('/');
    cleanup();

    stubServer({ 'GET /api/auth/session': signedInAs(testUser) });
    const signedIn = renderApp('/no-such-page');
    await screen.findByRole('tablist', { name: 'Dashboard' });
    expect(signedIn.router.state.location.pathname).toBe('/dashboard');
  });

  it('titles the pun-list pages with the name when it is known', async () => {
    stubServer({ 'GET /api/auth/session': signedInAs(testUser) });
    renderApp('/my-puns');
    await screen.findByRole('heading', { name: "Ada's Puns" });
    await waitFor(() => expect(document.title).toBe("Ada's Puns | Punday"));
    cleanup();

    renderApp('/user/someone-else/puns');
    await screen.findByRole('heading', { name: 'User' });
    await waitFor(() => expect(document.title).toBe('User | Punday'));
  });
});

describe('dashboard tabs', () => {
  it('opens the tab named in the URL and keeps the chosen tab in the URL', async () => {
    stubServer({ 'GET /api/auth/session': signedInAs(testUser) });
    const { router } = renderApp('/dashboard?tab=create');
    const create = await screen.findByRole('tab', { name: 'Create' });
    expect(create.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Create' })).toBeTruthy();

    create.focus();
    fireEvent.keyDown(create, { key: 'ArrowRight' });
    const manage = screen.getByRole('tab', { name: 'Manage' });
    await waitFor(() => expect(manage.getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(manage);
    expect(router.state.location.search).toBe('?tab=manage');

    fireEvent.keyDown(manage, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=global'));
    expect(screen.getByRole('radio', { name: 'Today' })).toHaveProperty('checked', true);
  });

  it('falls back to the Global tab for an unknown tab name', async () => {
    stubServer({ 'GET /api/auth/session': signedInAs(testUser) });
    renderApp('/dashboard?tab=nonsense');
    const global = await screen.findByRole('tab', { name: 'Global' });
    expect(global.getAttribute('aria-selected')).toBe('true');
  });
});

describe('header settings menu', () => {
  it('opens from the keyboard, moves with arrows, and Escape gives focus back', async () => {
    stubServer({ 'GET /api/auth/session': signedInAs(testUser) });
    renderApp('/dashboard');
    const button = await screen.findByRole('button', { name: 'Settings menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'My Puns',
      'Archive',
      'How It Works',
      'Profile Settings',
      'Sign Out',
    ]);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Sign Out'));

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('signs out, forgets the user and goes to log-in', async () => {
    const fetchMock = stubServer({
      'GET /api/auth/session': signedInAs(testUser),
      'POST /api/auth/logout': () => noContent(),
    });
    const { router, queryClient } = renderApp('/how-it-works');
    fireEvent.click(await screen.findByRole('button', { name: 'Settings menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));

    await screen.findByRole('heading', { name: 'Log In' });
    expect(router.state.location.pathname).toBe('/');
    expect(callsTo(fetchMock, 'POST', '/api/auth/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(['session'])).toEqual({ user: null });
  });

  it('links to the help page from the menu', async () => {
    stubServer({ 'GET /api/auth/session': signedInAs(testUser) });
    const { router } = renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Settings menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'How It Works' }));
    await screen.findByRole('heading', { name: 'How It Works', level: 1 });
    expect(router.state.location.pathname).toBe('/how-it-works');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('password reset page', () => {
  it('says the link is invalid when there is no token', async () => {
    stubServer({ 'GET /api/auth/session': signedInAs(null) });
    renderApp('/reset-password');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.passwordReset.invalidLink);
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/');
  });

  it('says the link is invalid when the server rejects the token', async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(null),
      'POST /api/auth/password-reset/check': () => jsonResponse(200, { valid: false }),
    });
    renderApp('/reset-password?token=stale');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.passwordReset.invalidLink);
  });

  it('sets the new password and signs the browser in', async () => {
    const fetchMock = stubServer({
      'GET /api/auth/session': signedInAs(null),
      'POST /api/auth/password-reset/check': () => jsonResponse(200, { valid: true }),
      'POST /api/auth/password-reset/confirm': () => jsonResponse(200, { user: testUser }),
    });
    const { queryClient } = renderApp('/reset-password?token=good-token');
    fireEvent.input(await screen.findByLabelText('New password'), {
      target: { value: 'new-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set New Password' }));

    expect((await screen.findByRole('status')).textContent).toBe(messages.passwordReset.done);
    const [call] = callsTo(fetchMock, 'POST', '/api/auth/password-reset/confirm');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      token: 'good-token',
      password: 'new-secret',
    });
    expect(queryClient.getQueryData(['session'])).toEqual({ user: testUser });
  });
});
