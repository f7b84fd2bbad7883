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

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

async function openSignUp() {
  const app = renderApp('/signup');
  await screen.findByRole('heading', { name: 'Sign Up' });
  return app;
}

describe('Sign-up screen', () => {
  it('has the optional display name, the password hint and a link back to log-in', async () => {
    stubServer({ 'GET /api/auth/session': signedInAs(null) });
    await openSignUp();
    await waitFor(() => expect(document.title).toBe('Sign Up | Punday'));
    expect(screen.getByLabelText('Display name').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Optional')).toBeTruthy();
    expect(screen.getByText('At least 6 characters')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/');
  });

  it('asks for an email and a long enough password before calling the server', async () => {
    const fetchMock = stubServer({ 'GET /api/auth/session': signedInAs(null) });
    await openSignUp();

    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert').textContent).toBe(messages.signup.emailRequired);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    type('Email', 'ada@example.com');
    type('Password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert').textContent).toBe(messages.signup.weakPassword);
    expect(callsTo(fetchMock, 'POST', '/api/auth/signup')).toHaveLength(0);
  });

  it('shows the spec message when the email is already registered', async () => {
    stubServer({
      'GET /api/auth/session': signedInAs(null),
      'POST /api/auth/signup': () =>
        jsonResponse(409, { error: 'email_in_use', message: messages.signup.emailInUse }),
    });
    await openSignUp();
    type('Email', 'ada@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.signup.emailInUse);
  });

  it('creates the account without a blank display name and opens the dashboard', async () => {
    const fetchMock = stubServer({
      'GET /api/auth/session': signedInAs(null),
      'POST /api/auth/signup': () => jsonResponse(201, { user: testUser }),
    });
    const { router } = await openSignUp();
    type('Display name', '   ');
    type('Email', ' ada@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await screen.findByRole('tablist', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
    const [call] = callsTo(fetchMock, 'POST', '/api/auth/signup');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
    });
  });
});
