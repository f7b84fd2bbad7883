// Each viewer's blocked players, so the shared feed pages (cached once for everyone) can drop a
// blocked author's puns per request without asking the database each time. A block or unblock on
// any instance (internal NOTIFY `blocks_changed`) forgets that viewer's set; the next request
// reads it again. A lost listener connection clears everything (caches.ts).
import type { Db } from '#server/db/connect';
import { blockedIdsOf } from './service.ts';

const NONE: ReadonlySet<string> = new Set();

export class BlockedPlayersCache {
  private readonly viewers = new Map<string, ReadonlySet<string>>();
  // Bumped by every change: a set read before a change is not stored after it.
  private revision = 0;

  constructor(private readonly maxViewers = 20_000) {}

  async blockedBy(db: Db, viewerId: string): Promise<ReadonlySet<string>> {
    const known = this.viewers.get(viewerId);
    if (known) return known;
    const revision = this.revision;
    const ids = await blockedIdsOf(db, viewerId);
    const set = ids.length === 0 ? NONE : new Set(ids);
    if (revision === this.revision) {
      if (this.viewers.size >= this.maxViewers) this.viewers.clear();
      this.viewers.set(viewerId, set);
    }
    return set;
  }

  changed(viewerId: string): void {
    this.revision++;
    this.viewers.delete(viewerId);
  }

  clear(): void {
    this.revision++;
    this.viewers.clear();
  }
}
