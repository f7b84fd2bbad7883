import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { SharedPun } from '#shared/share';
import { challengeLine, shareMessages, sharePageName } from '#shared/share-text';
import { useSession } from '../api/auth';
import { ApiError, errorMessage } from '../api/client';
import { sharedPunQuery } from '../api/share';
import { Brand } from '../components/Brand';
import { Notice } from '../components/Notice';
import { InlineSpinner } from '../components/PageSpinner';
import { authorLabel } from '../components/PunCard';
import { ReactionTally } from '../components/ReactionBar';
import { ShareButton } from '../components/ShareButton';
import { usePageTitle } from '../hooks/usePageTitle';
import '../share.css';

/** "2026-11-23" as "Nov 23, 2026" (the challenge's day, whatever the reader's zone). */
function formatDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function SharedPunCard({ pun }: { pun: SharedPun }) {
  return (
    <article className="card shared-pun" aria-labelledby="shared-pun-text">
      <p className="shared-challenge">
        <strong>{challengeLine(pun)}</strong> · <time dateTime={pun.day}>{formatDay(pun.day)}</time>
      </p>
      <h1 id="shared-pun-text" className="shared-text">
        {pun.text}
      </h1>
      <p className="shared-author">
        by <strong>{authorLabel(pun.authorName)}</strong>
      </p>
      <div className="shared-foot">
        <ReactionTally reactions={pun.reactions} />
        <ShareButton pun={pun} />
      </div>
    </article>
  );
}

function CallToAction({ signedIn }: { signedIn: boolean }) {
  if (signedIn) {
    return (
      <section className="card share-cta" aria-label="Keep playing">
        <p>Today's challenge is waiting for your pun.</p>
        <Link className="button button-primary" to="/dashboard">
          {shareMessages.dashboardLink}
        </Link>
      </section>
    );
  }
  return (
    <section className="card share-cta" aria-labelledby="share-cta-title">
      <h2 id="share-cta-title" className="card-title">
        Think you can top it?
      </h2>
      <p>
        Punday gives everyone the same challenge each day. Write one pun, crown the best one, and
        see what your friends come up with.
      </p>
      <Link className="button button-primary" to="/signup">
        {shareMessages.joinCall}
      </Link>
      <p>
        Already playing? <Link to="/">Log in</Link>
      </p>
    </section>
  );
}

// /p/:punId, the page a shared link opens: the pun, its author, the challenge and its reactions,
// for anyone, signed in or not (read-only). The server wrote the link-preview tags into this
// page's <head> already; this screen is what a person sees.
export function SharedPunScreen() {
  const { punId = '' } = useParams();
  const { user, isPending: sessionPending } = useSession();
  const query = useQuery(sharedPunQuery(punId));
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  usePageTitle(
    query.data
      ? sharePageName(query.data.pun.text)
      : notFound
        ? shareMessages.notFoundTitle
        : shareMessages.fallbackTitle,
  );

  let body: ReactNode;
  if (query.data) {
    body = (
      <>
        {query.data.pun.hidden ? <Notice kind="error">{shareMessages.hiddenNotice}</Notice> : null}
        <SharedPunCard pun={query.data.pun} />
      </>
    );
  } else if (notFound) {
    body = (
      <section className="card" aria-labelledby="shared-missing">
        <h1 id="shared-missing" className="card-title">
          {shareMessages.notFoundTitle}
        </h1>
        <p className="muted">{shareMessages.notFound}</p>
      </section>
    );
  } else if (query.isError) {
    body = (
      <section className="card stack" aria-labelledby="shared-error">
        <h1 id="shared-error" className="card-title">
          {shareMessages.fallbackTitle}
        </h1>
        <Notice kind="error">{errorMessage(query.error, shareMessages.loadFailed)}</Notice>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {query.isFetching ? 'Trying again...' : 'Try again'}
        </button>
      </section>
    );
  } else {
    body = (
      <section className="card">
        <InlineSpinner label="Loading the pun" />
      </section>
    );
  }

  return (
    <main className="auth-page share-page stack">
      <Brand />
      {body}
      {sessionPending ? null : <CallToAction signedIn={user !== null} />}
    </main>
  );
}
