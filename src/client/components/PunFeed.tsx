import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { messages } from '#shared/messages';
import { useMe } from '../api/auth';
import { type NewPunFilter, useFeedLiveUpdates } from '../api/feed-live';
import type { FeedData, friendsFeedQuery } from '../api/feeds';
import { useOnlineStatus } from '../hooks/useOnlineStatus';
import { InlineSpinner } from './PageSpinner';
import { PunCard } from './PunCard';
import '../social.css';

export type FeedQueryOptions = ReturnType<typeof friendsFeedQuery>;

interface PunFeedProps {
  query: FeedQueryOptions;
  /** Names the list for assistive technology, e.g. "Global feed". */
  label: string;
  /** spec §8 Empty states: what an empty feed says. */
  emptyText: string;
  /** spec §8 Feed: the Global feed and the others word their load failure differently. */
  errorText: string;
  /** Which live new puns belong at the top of this feed; none for a feed that does not grow. */
  newPuns?: NewPunFilter;
}

export function newPunsLabel(count: number): string {
  return count === 1 ? '1 new pun' : `${count} new puns`;
}

// A feed of pun cards, newest page first, with more pages on demand: a Load more button (for
// keyboards and screen readers) and automatic loading when its end scrolls into view.
export function PunFeed({ query, label, emptyText, errorText, newPuns }: PunFeedProps) {
  const me = useMe();
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const feed = useInfiniteQuery(query);
  const { newPunIds, clearNewPuns } = useFeedLiveUpdates(query.queryKey, newPuns);
  const listRef = useRef<HTMLOListElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const puns = feed.data?.pages.flatMap((page) => page.puns) ?? [];
  const shown = new Set(puns.map((p) => p.id));
  const newCount = [...newPunIds].filter((id) => !shown.has(id)).length;

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const canAutoLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError && online;

  useEffect(() => {
    const end = endRef.current;
    if (!end || !canAutoLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [canAutoLoad, fetchNextPage]);

  // Show the new puns: keep only the first page, load it again, and go back to the top.
  const showNewPuns = async () => {
    queryClient.setQueryData<FeedData>(query.queryKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    clearNewPuns();
    listRef.current?.scrollIntoView?.({ block: 'start' });
    await feed.refetch();
    // The pill is gone; focus goes to the list rather than to nowhere.
    listRef.current?.focus({ preventScroll: true });
  };

  // An empty feed has no place to keep the reader's eye: new puns simply appear.
  const emptyAndLoaded = feed.isSuccess && puns.length === 0;
  useEffect(() => {
    if (emptyAndLoaded && newCount > 0 && !feed.isFetching) {
      clearNewPuns();
      void feed.refetch();
    }
  }, [emptyAndLoaded, newCount, feed, clearNewPuns]);

  const failureText = online ? errorText : messages.feed.offline;

  let body: ReactNode;
  if (feed.isPending) {
    // A query waiting for the network to come back never fails on its own: say why it waits.
    body =
      feed.fetchStatus === 'paused' || !online ? (
        <p className="notice notice-error" role="alert">
          {messages.feed.offline}
        </p>
      ) : (
        <InlineSpinner label="Loading puns" />
      );
  } else if (feed.isError && puns.length === 0) {
    body = (
      <p className="notice notice-error" role="alert">
        {failureText}
      </p>
    );
  } else if (puns.length === 0) {
    body = <p className="empty-state feed-empty">{emptyText}</p>;
  } else {
    body = (
      <>
        <ol ref={listRef} className="pun-list" aria-label={label} tabIndex={-1}>
          {puns.map((pun) => (
            <li key={pun.id}>
              <PunCard pun={pun} viewerId={me.id} />
            </li>
          ))}
        </ol>
        <div ref={endRef} className="feed-end">
          {isFetchNextPageError ? (
            <p className="notice notice-error" role="alert">
              {failureText}
            </p>
          ) : null}
          {hasNextPage ? (
            <button
              type="button"
              className="button button-secondary load-more"
              disabled={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {isFetchingNextPage ? 'Loading...' : 'Load more'}
            </button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <div className="pun-feed">
      <div className="new-puns-slot" aria-live="polite">
        {newCount > 0 && puns.length > 0 ? (
          <button type="button" className="new-puns-pill" onClick={() => void showNewPuns()}>
            {newPunsLabel(newCount)}
          </button>
        ) : null}
      </div>
      {body}
    </div>
  );
}
