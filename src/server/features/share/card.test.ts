// The card's text preparation and cache, without a database.
import { describe, expect, it } from 'vitest';
import { shareMessages } from '#shared/share';
import type { CardInput } from './card.ts';
import { CardCache } from './card-cache.ts';
import { cardText, clip, EMOJI_SPACE, fitText } from './card-text.ts';

const FALLBACK = shareMessages.cardUnreadable;

describe('card text', () => {
  it('keeps Latin, Greek, Cyrillic, Vietnamese and emoji', () => {
    const text = 'Caffè ΑΒΓ Привет Tiếng Việt 🔥👑 ❤️ 🇺🇸';
    const out = cardText(text, FALLBACK);
    expect(out.unreadable).toBe(false);
    expect(out.dropped).toBe(false);
    // Only the spaces after an emoji change (see EMOJI_SPACE).
    expect(out.text.replaceAll(EMOJI_SPACE, ' ')).toBe(text);
    expect(out.text).toContain(`👑${EMOJI_SPACE}❤️${EMOJI_SPACE}🇺🇸`);
  });

  it('sends a mostly right-to-left or CJK pun to the page instead of drawing boxes', () => {
    for (const text of ['שלום עולם, זה משחק מילים', 'مرحبا بالعالم', '漢字漢字漢字 ok']) {
      expect(cardText(text, FALLBACK)).toMatchObject({
        text: FALLBACK,
        dropped: true,
        unreadable: true,
      });
    }
  });

  it('drops a few characters it cannot draw and keeps the rest', () => {
    const out = cardText('Pasta la vista, baby 漢 🍝', FALLBACK);
    expect(out).toMatchObject({
      text: 'Pasta la vista, baby 🍝',
      dropped: true,
      unreadable: false,
    });
    // A name keeps whatever can be drawn, however little.
    expect(cardText('דוד Cohen', '').drawable).toBe('Cohen');
  });

  it('removes direction overrides and invisible characters, and collapses whitespace', () => {
    expect(cardText('a\u202edcba\u202c \u200b b\n\n\tc', FALLBACK).text).toBe('adcba b c');
    expect(cardText('\u200f\u202e \u200b', FALLBACK)).toEqual({
      text: FALLBACK,
      dropped: false,
      unreadable: true,
      drawable: '',
    });
  });

  it('clips with an ellipsis by code points, never splitting an emoji', () => {
    expect(clip('abcdef', 10)).toBe('abcdef');
    expect(clip('abcdef', 4)).toBe('abc…');
    expect(clip('🔥🔥🔥🔥', 3)).toBe('🔥🔥…');
  });

  it('picks a smaller font for longer text, and never a size whose lines do not fit', () => {
    const box = { width: 1000, height: 300, lineHeight: 1.25 };
    const sizes = [80, 60, 40, 30, 20];
    const short = fitText('Lettuce celebrate', box, sizes);
    const long = fitText('Lettuce celebrate, '.repeat(12), box, sizes);
    const huge = fitText('W'.repeat(5000), box, sizes);
    expect(short.fontSize).toBe(80);
    expect(long.fontSize).toBeLessThan(short.fontSize);
    expect(huge.fontSize).toBe(20);
    for (const fit of [short, long, huge]) {
      expect(fit.lines * fit.fontSize * box.lineHeight).toBeLessThanOrEqual(box.height);
    }
  });
});

const input = (text: string, crowns = 0): CardInput => ({
  text,
  authorName: 'Ada',
  category: 'Food',
  output: 'Restaurant Name',
  crowns,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('card cache', () => {
  it('renders once per content and shares a render in flight', async () => {
    const cache = new CardCache(async (card) => Buffer.from(`${card.text}:${card.crowns}`));
    const [a, b] = await Promise.all([cache.get('p1', input('x')), cache.get('p1', input('x'))]);
    expect(a).toBe(b);
    expect(cache.renders).toBe(1);
    expect(await cache.get('p1', input('x'))).toBe(a);
    expect(cache.renders).toBe(1);
    const crowned = await cache.get('p1', input('x', 1));
    expect(crowned.png.toString()).toBe('x:1');
    expect(crowned.etag).not.toBe(a.etag);
    await cache.get('p1', { ...input('x'), authorName: 'Renamed' });
    expect(cache.renders).toBe(3);
  });

  it('forgets the least recently used cards beyond its bounds', async () => {
    const cache = new CardCache(async (card) => Buffer.alloc(10, card.text), { maxEntries: 2 });
    await cache.get('a', input('a'));
    await cache.get('b', input('b'));
    await cache.get('a', input('a')); // a is now the most recent
    await cache.get('c', input('c')); // evicts b
    expect(cache.size).toBe(2);
    await cache.get('a', input('a'));
    expect(cache.renders).toBe(3);
    await cache.get('b', input('b'));
    expect(cache.renders).toBe(4);

    const bySize = new CardCache(async () => Buffer.alloc(400), { maxBytes: 1000 });
    for (const id of ['a', 'b', 'c', 'd']) await bySize.get(id, input(id));
    expect(bySize.size).toBe(2);
  });

  it('renders at most two cards at a time', async () => {
    const gates = Array.from({ length: 4 }, () => deferred<Buffer>());
    let running = 0;
    let most = 0;
    let next = 0;
    const cache = new CardCache(async () => {
      running++;
      most = Math.max(most, running);
      const gate = gates[next++];
      if (!gate) throw new Error('too many renders');
      try {
        return await gate.promise;
      } finally {
        running--;
      }
    });
    const all = ['a', 'b', 'c', 'd'].map((id) => cache.get(id, input(id)));
    await new Promise((r) => setTimeout(r, 10));
    expect(running).toBe(2);
    for (const gate of gates) {
      gate.resolve(Buffer.from('png'));
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(all);
    expect(most).toBe(2);
    expect(cache.renders).toBe(4);
  });

  it('does not keep a failed render', async () => {
    let fail = true;
    const cache = new CardCache(async () => {
      if (fail) throw new Error('boom');
      return Buffer.from('png');
    });
    await expect(cache.get('a', input('a'))).rejects.toThrow('boom');
    fail = false;
    expect((await cache.get('a', input('a'))).png.toString()).toBe('png');
    expect(cache.renders).toBe(2);
  });
});
