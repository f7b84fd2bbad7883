import { useParams } from 'react-router';
import { messages } from '#shared/messages';
import { useMe } from '../api/auth';
import { usePageTitle } from '../hooks/usePageTitle';

// spec §2 User pun-list page: "{name}'s Puns" (Anonymous when the name is empty).
export function punsHeading(displayName: string): string {
  return `${displayName.trim() || messages.userPage.anonymous}'s Puns`;
}

function PunListPage({
  displayName,
  isOwnPage,
}: {
  displayName: string | null;
  isOwnPage: boolean;
}) {
  const heading = displayName === null ? 'User' : punsHeading(displayName);
  usePageTitle(heading);
  return (
    <>
      <h1 className="page-title">{heading}</h1>
      <section className="card placeholder">
        <p>
          {isOwnPage
            ? 'Your puns arrive with the social feature.'
            : "This player's puns and the Add Friend button arrive with the social feature."}
        </p>
      </section>
    </>
  );
}

// /user/:userId and /user/:userId/puns. Other users' names come with the social feature; until
// then the page says "User" rather than guess.
export function UserPunsScreen() {
  const { userId } = useParams();
  const me = useMe();
  const isOwnPage = userId === me.id;
  return <PunListPage displayName={isOwnPage ? me.displayName : null} isOwnPage={isOwnPage} />;
}

// /my-puns: the same page for the signed-in user.
export function MyPunsScreen() {
  const me = useMe();
  return <PunListPage displayName={me.displayName} isOwnPage />;
}
