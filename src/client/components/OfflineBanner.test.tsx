// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import { renderApp, signedInAs, stubServer } from '../testing/renderApp';
import { OfflineBanner } from './OfflineBanner';

function goOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('OfflineBanner', () => {
  it('appears when the browser goes offline and disappears when it is back online', () => {
    render(<OfflineBanner />);
    expect(screen.queryByText(messages.offlineBanner)).toBeNull();

    goOnline(false);
    expect(screen.getByRole('status').textContent).toBe(messages.offlineBanner);

    goOnline(true);
    expect(screen.queryByText(messages.offlineBanner)).toBeNull();
  });

  it('is shown at once when the app starts offline', () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toBe(messages.offlineBanner);
  });

  it('shows on the log-in screen too', async () => {
    stubServer({ 'GET /api/auth/session': signedInAs(null) });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Log In' });

    goOnline(false);
    expect((await screen.findByText(messages.offlineBanner)).getAttribute('role')).toBe('status');
  });
});
