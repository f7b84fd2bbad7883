import {
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '#shared/messages';
import { useLogout } from '../api/auth';
import { errorMessage } from '../api/client';
import { GearIcon } from './icons';

const LINKS = [
  { to: '/my-puns', label: 'My Puns' },
  { to: '/archive', label: 'Archive' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/profile-settings', label: 'Profile Settings' },
] as const;
const ITEM_COUNT = LINKS.length + 1; // the links, then Sign Out

// spec §2 Header settings menu, as a WAI-ARIA menu button: Enter, Space or Arrow Down open it on
// the first item, Arrow Up on the last; arrows, Home and End move; Escape closes it and gives
// focus back to the button; Tab or a click elsewhere closes it.
export function SettingsMenu() {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = useId();
  const navigate = useNavigate();
  const logout = useLogout();

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
      openAt(ITEM_COUNT - 1);
    }
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: (activeIndex + 1) % ITEM_COUNT,
      ArrowUp: (activeIndex - 1 + ITEM_COUNT) % ITEM_COUNT,
      Home: 0,
      End: ITEM_COUNT - 1,
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
    } else if (event.key === ' ') {
      // Space activates a menu item, links included.
      event.preventDefault();
      (event.target as HTMLElement).click();
    }
  };

  const signOut = () => {
    if (logout.isPending) return;
    logout.mutate(undefined, {
      onSuccess: () => {
        void navigate('/', { replace: true });
      },
      onError: () => close(true),
    });
  };

  return (
    <div className="menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label="Settings menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        <GearIcon className="icon" />
      </button>
      {open ? (
        <div
          id={menuId}
          className="menu-list"
          role="menu"
          aria-label="Settings"
          onKeyDown={onMenuKeyDown}
        >
          {LINKS.map((link, index) => (
            <Link
              key={link.to}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              to={link.to}
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              onClick={() => close(false)}
            >
              {link.label}
            </Link>
          ))}
          <button
            ref={(element) => {
              itemRefs.current[LINKS.length] = element;
            }}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="menu-item"
            aria-disabled={logout.isPending}
            onClick={signOut}
          >
            {logout.isPending ? 'Signing out...' : 'Sign Out'}
          </button>
        </div>
      ) : null}
      {logout.isError ? (
        <p className="notice notice-error menu-error" role="alert">
          {errorMessage(logout.error, messages.generic.unavailable)}
        </p>
      ) : null}
    </div>
  );
}
