// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import {
  callsTo,
  jsonResponse,
  renderApp,
  signedInAs,
  stubServer,
  testUser,
} from '../testing/renderApp';

async function openLogIn() {
  const app = renderApp('/');
  await screen.findByRole('heading', { name: 'Log In' });
  return app;
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

describe('Log-in screen', () => {
  it('is titled "Log In | Punday" and links to sign-up', async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(null),
      'GET /api/puns/top-week': () => jsonResponse(200, { puns: [] }),
    });
    await openLogIn();
    await waitFor(() => expect(document.title).toBe('Log In | Punday'));
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('heading', { name: 'Top Puns This Week' })).toBeTruthy();
    expect(await screen.findByText(messages.feed.emptyWeek)).toBeTruthy();
  });

  it('asks for the email first when "Forgot your password?" is pressed with an empty email', async () => {
    const fetchMock = stubServer({ 'GET /api/auth/session': signedInAs(null) });
    await openLogIn();

    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));

    expect(screen.getByRole('alert').textContent).toBe(messages.passwordReset.emailFirst);
    expect(callsTo(fetchMock, 'POST', '/api/auth/password-reset')).toHaveLength(0);
  });

  it('sends the reset email and shows the server message in a success box', async () => {
    const fetchMock = stubServer({
      'GET /api/auth/session': signedInAs(null),
      'POST /api/auth/password-reset': () =>
        jsonResponse(200, { message: messages.passwordReset.sent }),
    });
    await openLogIn();

    type('Email', ' ada@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));

    const box = await screen.findByRole('status');
    expect(box.textContent).toBe(messages.passwordReset.sent);
    expect(box.className).toContain('notice-success');
    const [call] = callsTo(fetchMock, 'POST', '/api/auth/password-reset');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'ada@example.com' });
  });

  it('shows "not found" from the server, and the spec fallback when the server is unreachable', async () => {
    let reachable = true;
    stubServer({
      'GET /api/auth/session': signedInAs(null),
      'POST /api/auth/password-reset': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse(404, { error: 'not_found', message: messages.passwordReset.notFound });
      },
    });
    await openLogIn();
    type('Email', 'nobody@example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.passwordReset.notFound);

    reachable = false;
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(messages.passwordReset.failed),
    );
  });

  it('shows "Invalid email or password" when the server answers 401', async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(null),
      'POST /api/auth/login': () =>
        jsonResponse(401, { error: 'invalid_credentials', message: 'Invalid email or password' }),
    });
    const { router } = await openLogIn();

    type('Email', 'ada@example.com');
    type('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the spec fallback for a failure without a server message', async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(null),
      'POST /api/auth/login': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    await openLogIn();
    type('Email', 'ada@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.login.failed);
  });

  it('says "Logging in..." while busy, then opens the dashboard signed in', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubServer({
      'GET /api/auth/session': signedInAs(null),
      'POST /api/auth/login': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { router } = await openLogIn();

    type('Email', 'ada@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const [call] = callsTo(fetchMock, 'POST', '/api/auth/login');
    expect(call?.[1]?.credentials).toBe('same-origin');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
    });

    answer(jsonResponse(200, { user: testUser }));

    await screen.findByRole('tablist', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('img', { name: 'Crowns received: 3' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard | Punday'));
  });
});
