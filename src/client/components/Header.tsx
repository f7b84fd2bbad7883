import { Link } from 'react-router';
import { APP_NAME } from '#shared/constants';
import { useMe } from '../api/auth';
import { CountdownPill } from './CountdownPill';
import { CrownPill } from './CrownPill';
import { SettingsMenu } from './SettingsMenu';
import { StreakPill } from './StreakPill';

// spec §2 Header: signed-in only, fixed at the top.
export function Header() {
  const me = useMe();
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Link to="/dashboard" className="app-title">
          {APP_NAME}
        </Link>
        <div className="app-header-tools">
          <CountdownPill />
          <StreakPill myId={me.id} />
          <CrownPill count={me.crownCount} />
          <SettingsMenu />
        </div>
      </div>
    </header>
  );
}
