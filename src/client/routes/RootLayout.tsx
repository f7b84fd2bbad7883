import { Outlet } from 'react-router';
import { OfflineBanner } from '../components/OfflineBanner';

// Wraps every screen, the log-in screen included: the offline banner sits at the bottom of the
// viewport so it never hides under the fixed header. spec §2, §8
export function RootLayout() {
  return (
    <div className="app">
      <Outlet />
      <OfflineBanner />
    </div>
  );
}
