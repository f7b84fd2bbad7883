// Each viewer's own reactions on the puns they have been shown, so a feed page does not ask the
// database again for puns it already knows about. A reaction change (on any instance: internal
// NOTIFY) forgets that one entry; the next page asks the database for it.

import type { Db } from '#server/db/connect';
import type { ReactionKey } from '#shared/api';
import { myReactionsOn } from './service.ts';

export class ViewerReactionsCache {
  private readonly users = new Map<string, Map<string, ReactionKey | null>>();
  // Bumped by every change: an answer read before a change is not stored after it.
  private revision = 0;

  constructor(
    private readonly maxUsers = 10_000,
    private readonly maxPerUser = 5_000,
  ) {}

  async lookup(db: Db, userId: string, punIds: string[]): Promise<Map<string, ReactionKey>> {
    let known = this.users.get(userId);
    if (!known) {
      if (this.users.size >= this.maxUsers) this.users.clear();
      known = new Map();
      this.users.set(userId, known);
    }
    const missing = punIds.filter((id) => !known.has(id));
    const fresh = new Map<string, ReactionKey>();
    if (missing.length > 0) {
      const revision = this.revision;
      const found = await myReactionsOn(db, userId, missing);
      for (const [id, kind] of found) fresh.set(id, kind);
      if (revision === this.revision) {
        if (known.size + missing.length > this.maxPerUser) known.clear();
        for (const id of missing) known.set(id, found.get(id) ?? null);
      }
    }
    const mine = new Map<string, ReactionKey>();
    for (const id of punIds) {
      const kind = fresh.get(id) ?? known.get(id);
      if (kind) mine.set(id, kind);
    }
    return mine;
  }

  changed(userId: string, punId: string): void {
    this.revision++;
    this.users.get(userId)?.delete(punId);
  }

  clear(): void {
    this.revision++;
    this.users.clear();
  }
}
