import { useQueryClient } from '@tanstack/react-query';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { PublicPun } from '#shared/api';
import { messages } from '#shared/messages';
import { forgetBlockedPlayer, holdPunWhileOpen, isPunLeaving } from '../api/moderation';
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
// like the header's settings menu: Enter, Space or Arrow Down open it on the first item, Arrow Up
// on the last; arrows, Home and End move; Escape closes it and gives focus back to the button.
export function PunMenu({ pun }: PunMenuProps) {
  const name = pun.authorName.trim() || messages.userPage.anonymous;
  const items = [
    { key: 'report', label: 'Report pun' },
    { key: 'block', label: `Block ${name}` },
  ] as const;
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const menuId = useId();
  const queryClient = useQueryClient();

  const openAt = (index: number) => {
    setActiveIndex(index);
    setOpen(true);
  };
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (open) itemRefs.current[activeIndex]?.focus();
  }, [open, activeIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onButtonKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: activeIndex === last ? 0 : activeIndex + 1,
      ArrowUp: activeIndex === 0 ? last : activeIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActiveIndex(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

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
        ref={buttonRef}
        type="button"
        className="pun-menu-button"
        aria-label={`More actions for ${name}'s pun`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        <MoreIcon />
      </button>
      {open ? (
        <div
          id={menuId}
          className="menu-list"
          role="menu"
          aria-label={`${name}'s pun`}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <button
              key={item.key}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
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
