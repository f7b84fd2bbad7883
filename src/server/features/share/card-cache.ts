// Rendered share cards, kept in memory. Rendering takes tens of milliseconds of CPU, and a link
// pasted into a chat is fetched by several crawlers at once: so a card is rendered once per
// content (in-flight renders are shared), at most RENDER_CONCURRENCY at a time, and the newest
// ones are kept (least recently used out first, bounded by count and bytes). The key holds
// everything drawn, so a new crown or a new display name makes a new card.
import { createHash } from 'node:crypto';
import type { CardInput } from './card.ts';

export interface RenderedCard {
  png: Buffer;
  etag: string;
}

export interface CardCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  concurrency?: number;
}

export const RENDER_CONCURRENCY = 2;

export function cardKey(punId: string, input: CardInput): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        punId,
        input.text,
        input.crowns,
        input.authorName,
        input.category,
        input.output,
      ]),
    )
    .digest('base64url');
}

export class CardCache {
  /** How many cards were rendered (not served from memory): for tests and metrics. */
  renders = 0;
  private readonly entries = new Map<string, RenderedCard>();
  private readonly inFlight = new Map<string, Promise<RenderedCard>>();
  private bytes = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly concurrency: number;

  constructor(
    private readonly render: (input: CardInput) => Promise<Buffer>,
    options: CardCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 300;
    this.maxBytes = options.maxBytes ?? 48 * 1024 * 1024;
    this.concurrency = options.concurrency ?? RENDER_CONCURRENCY;
  }

  get size(): number {
    return this.entries.size;
  }

  get(punId: string, input: CardInput): Promise<RenderedCard> {
    const key = cardKey(punId, input);
    const hit = this.entries.get(key);
    if (hit) {
      // Map order is insertion order: moving the entry to the end marks it as recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return Promise.resolve(hit);
    }
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const started = this.renderLimited(input).then((png) => {
      const card = {
        png,
        etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"`,
      };
      this.store(key, card);
      return card;
    });
    this.inFlight.set(key, started);
    const settle = () => this.inFlight.delete(key);
    started.then(settle, settle);
    return started;
  }

  private store(key: string, card: RenderedCard): void {
    this.entries.set(key, card);
    this.bytes += card.png.length;
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      if (oldKey === key) break;
      this.entries.delete(oldKey);
      this.bytes -= old.png.length;
    }
  }

  private async renderLimited(input: CardInput): Promise<Buffer> {
    // A finished render hands its slot straight to the next waiting one.
    if (this.running < this.concurrency) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      this.renders++;
      return await this.render(input);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
