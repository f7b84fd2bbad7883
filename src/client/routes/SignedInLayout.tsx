import { Outlet } from 'react-router';
import { useLiveEvents } from '../api/live';
import { Header } from '../components/Header';

// The frame of every signed-in screen: a skip link, the fixed header, and the content below it.
export function SignedInLayout() {
  useLiveEvents();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
