import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PublicPun } from '#shared/api';
import { messages } from '#shared/messages';
import { forgetBlockedPlayer, holdPunWhileOpen, isPunLeaving } from '../api/moderation';
import { useMenuButton } from '../hooks/useMenuButton';
import { BlockDialog } from './BlockDialog';
import { ReportDialog } from './ReportDialog';
import '../moderation.css';

function MoreIcon() {
  return (
    <svg className="pun-menu-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="19" cy="12" r="2" fill="currentColor" />
    </svg>
  );
}

type Dialog = 'report' | 'block' | null;

interface PunMenuProps {
  pun: Pick<PublicPun, 'id' | 'text' | 'authorName' | 'userId'>;
}

// The ⋯ menu on another player's pun (issue 8): Report pun, Block {name}. A WAI-ARIA menu button
// like the header's settings menu (useMenuButton has the keyboard rules).
export function PunMenu({ pun }: PunMenuProps) {
  const name = pun.authorName.trim() || messages.userPage.anonymous;
  const items = [
    { key: 'report', label: 'Report pun' },
    { key: 'block', label: `Block ${name}` },
  ] as const;
  const [dialog, setDialog] = useState<Dialog>(null);
  const { open, close, containerRef, buttonRef, buttonProps, menuProps, itemRef } = useMenuButton(
    items.length,
  );
  const queryClient = useQueryClient();

  const choose = (which: 'report' | 'block') => {
    close(false);
    setDialog(which);
  };

  // Where focus goes once the dialog is gone (while a modal dialog is open the page is inert).
  const focusAfterDialog = useRef<HTMLElement | null>(null);
  const blockedAuthor = useRef(false);
  const closeDialog = (blocked = false) => {
    blockedAuthor.current = blocked;
    // After a block, or a hiding that waited for the dialog, the card leaves the list: keep the
    // reader's place on the list itself.
    focusAfterDialog.current =
      blocked || isPunLeaving(pun.id)
        ? (buttonRef.current?.closest<HTMLElement>('[tabindex="-1"]') ?? null)
        : buttonRef.current;
    setDialog(null);
  };
  // While a dialog is open, a hiding of this pun waits for it to close (see holdPunWhileOpen).
  const dialogOpen = dialog !== null;
  useEffect(() => (dialogOpen ? holdPunWhileOpen(pun.id) : undefined), [dialogOpen, pun.id]);
  useEffect(() => {
    if (dialog !== null) return;
    focusAfterDialog.current?.focus({ preventScroll: true });
    focusAfterDialog.current = null;
    if (blockedAuthor.current) {
      blockedAuthor.current = false;
      // Focus is on the list now: the author's puns, this card among them, can go.
      void forgetBlockedPlayer(queryClient, pun.userId);
    }
  }, [dialog, queryClient, pun.userId]);

  return (
    <div className="menu pun-menu" ref={containerRef}>
      <button
        {...buttonProps}
        type="button"
        className="pun-menu-button"
        aria-label={`More actions for ${name}'s pun`}
      >
        <MoreIcon />
      </button>
      {open ? (
        <div {...menuProps} role="menu" className="menu-list" aria-label={`${name}'s pun`}>
          {items.map((item, index) => (
            <button
              key={item.key}
              ref={itemRef(index)}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              onClick={() => choose(item.key)}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
      {dialog === 'report' ? (
        <ReportDialog pun={pun} authorName={name} onClose={() => closeDialog()} />
      ) : null}
      {dialog === 'block' ? (
        <BlockDialog userId={pun.userId} name={name} onClose={closeDialog} />
      ) : null}
    </div>
  );
}
