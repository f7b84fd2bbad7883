// The challenge archive (issue 8): /archive lists past days (newest first, more on demand), and
// /archive/:day shows one day's puns ranked by crowns, with reactions and no submission form.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { PublicPun } from '#shared/api';
import type { ArchiveEntry } from '#shared/archive';
import { archiveMessages, formatArchiveDay, isCalendarDay } from '#shared/archive-text';
import { messages } from '#shared/messages';
import {
  archiveDayFeedQuery,
  archiveDayQuery,
  archiveListQuery,
  archiveListQueryKey,
  updateTopPunInArchive,
} from '../api/archive';
import { ApiError } from '../api/client';
import { onLiveEvent } from '../api/live';
import { CrownIcon } from '../components/icons';
import { InlineSpinner } from '../components/PageSpinner';
import { authorLabel } from '../components/PunCard';
import { PunFeed } from '../components/PunFeed';
import { useOnlineStatus } from '../hooks/useOnlineStatus';
import { usePageTitle } from '../hooks/usePageTitle';
import '../archive.css';
import '../social.css';

export function punCountLabel(count: number): string {
  return count === 1 ? '1 pun' : `${count} puns`;
}

function crownsLabel(count: number): string {
  return count === 1 ? '1 crown' : `${count} crowns`;
}

function TopPun({ pun }: { pun: PublicPun }) {
  return (
    <figure className="archive-top">
      <figcaption className="archive-top-label">Top pun</figcaption>
      <blockquote className="archive-top-text">{pun.text}</blockquote>
      <p className="archive-top-meta">
        <span className="archive-top-author">{authorLabel(pun.authorName)}</span>
        <span className="archive-top-crowns">
          <CrownIcon className="archive-crown-icon" />
          <span className="visually-hidden">{crownsLabel(pun.reactions.crown)}</span>
          <span aria-hidden="true">{pun.reactions.crown}</span>
        </span>
      </p>
    </figure>
  );
}

function ArchiveDayCard({ entry }: { entry: ArchiveEntry }) {
  return (
    <article className="archive-day">
      <h2 className="archive-day-title">
        <Link className="archive-day-link" to={`/archive/${entry.day}`}>
          {formatArchiveDay(entry.day)}
        </Link>
      </h2>
      <p className="archive-challenge">
        {entry.category} · {entry.output}
      </p>
      <p className="archive-count">{punCountLabel(entry.punCount)}</p>
      {entry.topPun ? <TopPun pun={entry.topPun} /> : null}
    </article>
  );
}

// The day turned: yesterday joins the archive. A reaction: the top puns' counts follow.
function useArchiveLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offChallenge = onLiveEvent('challenge', () => {
      void queryClient.invalidateQueries({ queryKey: archiveListQueryKey });
    });
    const offReactions = onLiveEvent('reactions', ({ punId, reactions }) =>
      updateTopPunInArchive(queryClient, punId, reactions),
    );
    return () => {
      offChallenge();
      offReactions();
    };
  }, [queryClient]);
}

export function ArchiveScreen() {
  usePageTitle(archiveMessages.title);
  useArchiveLiveUpdates();
  const online = useOnlineStatus();
  const list = useInfiniteQuery(archiveListQuery());
  const days = list.data?.pages.flatMap((page) => page.days) ?? [];
  const failure = online ? archiveMessages.loadFailed : messages.feed.offline;

  let body: ReactNode;
  if (list.isPending) {
    body =
      list.fetchStatus === 'paused' || !online ? (
        <p className="notice notice-error" role="alert">
          {messages.feed.offline}
        </p>
      ) : (
        <InlineSpinner label="Loading the archive" />
      );
  } else if (list.isError && days.length === 0) {
    body = (
      <p className="notice notice-error" role="alert">
        {failure}
      </p>
    );
  } else if (days.length === 0) {
    body = <p className="empty-state feed-empty">{archiveMessages.empty}</p>;
  } else {
    body = (
      <>
        <ol className="archive-list" aria-label="Past challenges">
          {days.map((entry) => (
            <li key={entry.day}>
              <ArchiveDayCard entry={entry} />
            </li>
          ))}
        </ol>
        <div className="feed-end">
          {list.isFetchNextPageError ? (
            <p className="notice notice-error" role="alert">
              {failure}
            </p>
          ) : null}
          {list.hasNextPage ? (
            <button
              type="button"
              className="button button-secondary load-more"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <>
      <h1 className="page-title">{archiveMessages.title}</h1>
      <p className="page-lede">Every past challenge, and the puns it got.</p>
      {body}
    </>
  );
}

function BackToArchive() {
  return (
    <Link className="back-link" to="/archive">
      <span aria-hidden="true">←</span>
      {archiveMessages.backToArchive}
    </Link>
  );
}

export function ArchiveDayScreen() {
  const { day = '' } = useParams();
  const valid = isCalendarDay(day);
  const heading = valid ? formatArchiveDay(day) : archiveMessages.title;
  usePageTitle(heading);
  const online = useOnlineStatus();
  const feedQuery = useMemo(() => archiveDayFeedQuery(day), [day]);
  // The same query as the feed below (one request): here for the day's challenge and count.
  const feed = useInfiniteQuery({ ...archiveDayQuery(day), enabled: valid });
  const first = feed.data?.pages[0];

  let intro: ReactNode = null;
  if (!valid) {
    intro = <p className="notice notice-error">{archiveMessages.badDay}</p>;
  } else if (feed.isError && !first) {
    const error = feed.error;
    const known = error instanceof ApiError && error.fromServer && error.status < 500;
    intro = (
      <>
        <p className={known ? 'notice archive-notice' : 'notice notice-error'} role="alert">
          {known ? error.message : online ? archiveMessages.loadDayFailed : messages.feed.offline}
        </p>
        {error instanceof ApiError && error.code === 'archive_today' ? (
          <Link className="button button-primary archive-play" to="/dashboard?tab=create">
            Play today's challenge
          </Link>
        ) : null}
      </>
    );
  } else if (first) {
    const { challenge, punCount } = first;
    intro = (
      <div className="archive-day-intro">
        <p className="archive-challenge archive-challenge-large">
          {challenge.category} · {challenge.output}
        </p>
        <p className="archive-count">
          {punCountLabel(punCount)}
          {punCount > 1 ? ', most crowns first' : ''}
        </p>
      </div>
    );
  }

  const showFeed = valid && !(feed.isError && !first);
  return (
    <>
      <BackToArchive />
      <h1 className="page-title">{heading}</h1>
      {intro}
      {showFeed ? (
        <PunFeed
          query={feedQuery}
          label={`Puns of ${heading}`}
          emptyText={archiveMessages.emptyDay}
          errorText={archiveMessages.loadDayFailed}
        />
      ) : null}
    </>
  );
}
