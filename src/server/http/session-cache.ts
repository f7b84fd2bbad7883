// Signed-in users by session, so a request does not look its session up in the database each
// time. An entry is rechecked against the database after a few seconds, and dropped at once when
// its session ends or its user changes on any instance (internal NOTIFY events), so a log-out or
// a password reset elsewhere takes effect immediately.
import type { Me } from '#shared/api';

interface Entry {
  me: Me;
  checkedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  // Bumped by every revocation: a lookup that started before one must not store its answer.
  private revisionCounter = 0;

  get revision(): number {
    return this.revisionCounter;
  }

  constructor(
    private readonly recheckMs = 10_000,
    private readonly max = 50_000,
  ) {}

  get(tokenHash: string, now: number): Me | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.checkedAt > this.recheckMs) {
      this.revoke(tokenHash);
      return undefined;
    }
    return entry.me;
  }

  set(tokenHash: string, me: Me, now: number, revisionAtLookup: number): void {
    if (revisionAtLookup !== this.revisionCounter) return;
    if (this.entries.size >= this.max) this.clear();
    this.entries.set(tokenHash, { me, checkedAt: now });
    const tokens = this.byUser.get(me.id) ?? new Set<string>();
    tokens.add(tokenHash);
    this.byUser.set(me.id, tokens);
  }

  revoke(tokenHash: string): void {
    this.revisionCounter++;
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    this.byUser.get(entry.me.id)?.delete(tokenHash);
  }

  /** Every session of the user: they ended, or the user's details changed. */
  forgetUser(userId: string): void {
    this.revisionCounter++;
    for (const tokenHash of this.byUser.get(userId) ?? []) this.entries.delete(tokenHash);
    this.byUser.delete(userId);
  }

  clear(): void {
    this.revisionCounter++;
    this.entries.clear();
    this.byUser.clear();
  }
}
