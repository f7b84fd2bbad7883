// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARE_CONFIRMATION_MS, shareMessages } from '#shared/share';
import { ShareButton } from './ShareButton';

const PUN = {
  id: '00000000-0000-4000-8000-000000000001',
  text: 'Lettuce celebrate, the Codfather is here',
  authorName: 'Nigella',
};
const LINK = `${window.location.origin}/p/${PUN.id}`;

function setNavigator(name: 'share' | 'canShare' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

beforeEach(() => {
  setNavigator('share', undefined);
  setNavigator('canShare', undefined);
  setNavigator('clipboard', undefined);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const click = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
  });
};

describe('ShareButton', () => {
  it('opens the system share sheet with the title, text and link where the browser has one', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    setNavigator('share', share);
    setNavigator('clipboard', { writeText });
    render(<ShareButton pun={PUN} />);
    await click();
    expect(share).toHaveBeenCalledWith({
      title: 'Lettuce celebrate, the Codfather is here | Punday',
      text: '“Lettuce celebrate, the Codfather is here” by Nigella',
      url: LINK,
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('does nothing more when the share sheet is closed', async () => {
    const writeText = vi.fn(async () => undefined);
    setNavigator(
      'share',
      vi.fn(async () => Promise.reject(new DOMException('closed', 'AbortError'))),
    );
    setNavigator('clipboard', { writeText });
    render(<ShareButton pun={PUN} />);
    await click();
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('copies the link and says so, for a while, where there is no share sheet', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => undefined);
    setNavigator('clipboard', { writeText });
    render(<ShareButton pun={PUN} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await click();
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(status.textContent).toBe(shareMessages.copied);
    act(() => {
      vi.advanceTimersByTime(SHARE_CONFIRMATION_MS + 10);
    });
    expect(status.textContent).toBe('');
  });

  it('copies the link when the browser cannot share this data or the share fails', async () => {
    const writeText = vi.fn(async () => undefined);
    const share = vi.fn(async () => undefined);
    setNavigator('share', share);
    setNavigator('canShare', () => false);
    setNavigator('clipboard', { writeText });
    render(<ShareButton pun={PUN} />);
    await click();
    expect(share).not.toHaveBeenCalled();
    expect(writeText).toHaveBeenCalledWith(LINK);

    setNavigator('canShare', undefined);
    setNavigator(
      'share',
      vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError'))),
    );
    await click();
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status').textContent).toBe(shareMessages.copied);
  });

  it('shows the link to copy by hand when the clipboard is refused', async () => {
    setNavigator('clipboard', {
      writeText: vi.fn(async () => Promise.reject(new Error('denied'))),
    });
    render(<ShareButton pun={PUN} />);
    await click();
    const field = screen.getByLabelText(shareMessages.copyFailed);
    expect((field as HTMLInputElement).value).toBe(LINK);
    expect(field.hasAttribute('readonly')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByLabelText(shareMessages.copyFailed)).toBeNull();
  });
});
