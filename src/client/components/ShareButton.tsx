import { useEffect, useId, useRef, useState } from 'react';
import type { SharedPun } from '#shared/share';
import {
  SHARE_CONFIRMATION_MS,
  shareMessages,
  sharePageTitle,
  sharePath,
} from '#shared/share-text';
import '../share.css';

function ShareIcon() {
  return (
    <svg
      className="share-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 12v7a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7" />
      <path d="m16 6-4-4-4 4" />
      <path d="M12 2v13" />
    </svg>
  );
}

/** The pun's public link on this site. */
export function shareUrl(punId: string): string {
  return new URL(sharePath(punId), window.location.origin).href;
}

type Outcome = 'idle' | 'copied' | 'failed';

interface ShareButtonProps {
  pun: Pick<SharedPun, 'id' | 'text' | 'authorName'>;
}

// Shares a pun's link: the system share sheet where the browser has the Web Share API, otherwise
// the link goes to the clipboard and "Link copied" shows (and is announced) for a few seconds.
// Where the clipboard is refused too, the link shows in a field to copy by hand.
export function ShareButton({ pun }: ShareButtonProps) {
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fieldId = useId();
  const url = shareUrl(pun.id);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: Outcome) => {
    clearTimeout(timer.current);
    setOutcome(next);
    if (next === 'copied')
      timer.current = setTimeout(() => setOutcome('idle'), SHARE_CONFIRMATION_MS);
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      show('copied');
    } catch {
      show('failed');
    }
  };

  const share = async () => {
    const author = pun.authorName.trim();
    const data: ShareData = {
      title: sharePageTitle(pun.text),
      text: author ? `“${pun.text}” by ${author}` : `“${pun.text}”`,
      url,
    };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if ((error as { name?: unknown } | null)?.name === 'AbortError') return;
      }
    }
    await copy();
  };

  return (
    <div className="share">
      <button type="button" className="share-button" onClick={() => void share()}>
        <ShareIcon />
        Share
      </button>
      <span className="share-status" role="status" aria-live="polite">
        {outcome === 'copied' ? shareMessages.copied : ''}
      </span>
      {outcome === 'failed' ? (
        <div className="share-fallback">
          <label htmlFor={fieldId}>{shareMessages.copyFailed}</label>
          <input
            id={fieldId}
            className="input share-link"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="link-button" onClick={() => setOutcome('idle')}>
            Close
          </button>
        </div>
      ) : null}
    </div>
  );
}
