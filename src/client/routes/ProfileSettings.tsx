import { useMe } from '../api/auth';
import { usePageTitle } from '../hooks/usePageTitle';

// spec §2 Profile settings: display name, push and friend notifications. The settings feature
// adds the forms; this shell shows who is signed in.
export function ProfileSettingsScreen() {
  usePageTitle('Profile Settings');
  const me = useMe();
  return (
    <>
      <h1 className="page-title">Profile Settings</h1>
      <section className="card">
        <dl className="facts">
          <dt>Display name</dt>
          <dd>{me.displayName}</dd>
          <dt>Email</dt>
          <dd>{me.email}</dd>
        </dl>
      </section>
      <section className="card placeholder">
        <p>Display name and notification settings arrive with the settings feature.</p>
      </section>
    </>
  );
}
