// The per-process read caches and what keeps them fresh: public change events (from every
// instance) drop feed pages; internal events drop sessions and viewers' reactions; a lost
// listener connection drops everything.
import type { EventHub } from './events/hub.ts';
import { FeedCache } from './features/feeds/cache.ts';
import { BlockedPlayersCache } from './features/moderation/blocked-cache.ts';
import { ViewerReactionsCache } from './features/reactions/cache.ts';
import { SessionCache } from './http/session-cache.ts';

export interface ReadCaches {
  sessions: SessionCache;
  feeds: FeedCache;
  reactions: ViewerReactionsCache;
  blocks: BlockedPlayersCache;
}

export function createReadCaches(hub: EventHub): ReadCaches & { detach(): void } {
  const caches = {
    sessions: new SessionCache(),
    feeds: new FeedCache(),
    reactions: new ViewerReactionsCache(),
    blocks: new BlockedPlayersCache(),
  };
  const offPublic = hub.subscribe((event) => {
    if (
      event.type === 'pun' ||
      event.type === 'reactions' ||
      event.type === 'moderation' ||
      event.type === 'resync'
    )
      caches.feeds.invalidate();
  });
  const offInternal = hub.subscribeInternal((event) => {
    if (event === null) {
      caches.sessions.clear();
      caches.feeds.invalidate();
      caches.reactions.clear();
      caches.blocks.clear();
      return;
    }
    switch (event.kind) {
      case 'session_revoked':
        caches.sessions.revoke(event.tokenHash);
        break;
      case 'user_sessions_revoked':
      case 'user_changed':
        caches.sessions.forgetUser(event.userId);
        break;
      case 'reaction_changed':
        caches.reactions.changed(event.userId, event.punId);
        break;
      case 'blocks_changed':
        caches.blocks.changed(event.userId);
        break;
    }
  });
  return {
    ...caches,
    detach() {
      offPublic();
      offInternal();
    },
  };
}
