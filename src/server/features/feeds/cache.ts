// Feed pages every viewer shares (Global today/yesterday, top of the week, the landing top three)
// kept in memory and dropped by the change events that could alter them (a new pun, a reaction),
// which arrive from every instance. A page loaded while an invalidation happened is not kept.
// The viewer's own reactions are added per request from the reactions cache.
import type { FeedPage, PublicPun } from '#shared/api';

export interface SharedPage {
  puns: PublicPun[];
  nextCursor: FeedPage['nextCursor'];
}

export class FeedCache {
  private readonly pages = new Map<string, { page: SharedPage; at: number }>();
  private generation = 0;

  constructor(
    // A safety net only: events are what keeps pages fresh.
    private readonly maxAgeMs = 60_000,
    private readonly max = 1_000,
  ) {}

  async get(key: string, now: number, load: () => Promise<SharedPage>): Promise<SharedPage> {
    const hit = this.pages.get(key);
    if (hit && now - hit.at < this.maxAgeMs) return hit.page;
    const generation = this.generation;
    const page = await load();
    if (generation === this.generation) {
      if (this.pages.size >= this.max) this.pages.clear();
      this.pages.set(key, { page, at: now });
    }
    return page;
  }

  invalidate(): void {
    this.generation++;
    this.pages.clear();
  }
}
