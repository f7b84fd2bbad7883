// spec §2 access rules. A guard waits for the session check (centred spinner), then either renders
// its screens or redirects. A failed check counts as signed out, so the log-in screen still shows.
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../api/auth';
import { PageSpinner } from '../components/PageSpinner';

// / and /signup: signed-in users go to the dashboard.
export function GuestOnly() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  if (user) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

// Every other screen (except /reset-password): signed-out visitors go to /.
export function RequireUser() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to="/" replace />;
  return <Outlet />;
}

// spec §2: no catch-all screen is shown; an unknown path goes where the visitor belongs.
export function UnknownPath() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  return <Navigate to={user ? '/dashboard' : '/'} replace />;
}
