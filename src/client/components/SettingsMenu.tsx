import { Link, useNavigate } from 'react-router';
import { messages } from '#shared/messages';
import { useLogout } from '../api/auth';
import { errorMessage } from '../api/client';
import { useMenuButton } from '../hooks/useMenuButton';
import { GearIcon } from './icons';

const LINKS = [
  { to: '/my-puns', label: 'My Puns' },
  { to: '/archive', label: 'Archive' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/profile-settings', label: 'Profile Settings' },
] as const;
const ITEM_COUNT = LINKS.length + 1; // the links, then Sign Out

// spec §2 Header settings menu, as a WAI-ARIA menu button (useMenuButton has the keyboard rules).
export function SettingsMenu() {
  const { close, open, containerRef, buttonProps, menuProps, itemRef } = useMenuButton(ITEM_COUNT);
  const navigate = useNavigate();
  const logout = useLogout();

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
      <button {...buttonProps} type="button" className="icon-button" aria-label="Settings menu">
        <GearIcon className="icon" />
      </button>
      {open ? (
        <div {...menuProps} role="menu" className="menu-list" aria-label="Settings">
          {LINKS.map((link, index) => (
            <Link
              key={link.to}
              ref={itemRef(index)}
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
            ref={itemRef(LINKS.length)}
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
