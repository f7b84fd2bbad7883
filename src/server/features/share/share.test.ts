import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { seedPun, seedUsers } from '#server/testing/seed';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  sharedPunResponse,
  shareMessages,
  sharePageTitle,
} from '#shared/share';
import { escapeHtml } from './page.ts';
import { CARD_CACHE_CONTROL } from './routes.ts';

const PUBLIC_URL = 'https://punday.example';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Every <meta> of the page as key -> content, the entities decoded. */
function metaTags(html: string): Map<string, string> {
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const tags = new Map<string, string>();
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    tags.set(match[1] as string, decode(match[2] as string));
  }
  return tags;
}

describeEachDb('share a pun', (kind) => {
  let t: TestApp;
  let clientDir: string;
  beforeEach(async () => {
    // The real index.html template stands in for the built client.
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'punday-share-client-'));
    await copyFile(path.resolve('src/client/index.html'), path.join(clientDir, 'index.html'));
    t = await createTestApp(kind, { clientDir, env: { PUBLIC_URL } });
  });
  afterEach(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  async function authorAndPun(text = 'Lettuce celebrate, the Codfather is here') {
    const author = await signUpUser(t.app, {
      email: `author-${Math.random().toString(36).slice(2)}@example.com`,
      displayName: `Nigella${Math.random().toString(36).slice(2, 6)}`,
    });
    const punId = await seedPun(t.database.db, author.user.id, { text });
    return { author, punId };
  }

  const hide = (punId: string) =>
    t.database.db.execute(
      sql`update puns set moderation = 'hidden', moderated_at = now() where id = ${punId}`,
    );

  it('shows a pun to signed-out visitors with public fields only', async () => {
    const { author, punId } = await authorAndPun();
    const [giver] = await seedUsers(t.database.db, 1);
    if (!giver) throw new Error('seed');
    const crown = await t.app.inject({
      method: 'PUT',
      url: `/api/puns/${punId}/reaction`,
      payload: { reaction: 'crown' },
      headers: { cookie: giver.cookie },
    });
    expect(crown.statusCode).toBe(200);

    const res = await get(`/api/share/${punId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // strict(): any extra field (an email, an account id) would fail the parse.
    expect(sharedPunResponse.strict().parse(body)).toEqual(body);
    expect(body.pun).toMatchObject({
      id: punId,
      text: 'Lettuce celebrate, the Codfather is here',
      authorName: author.user.displayName,
      category: 'Food',
      output: 'Restaurant Name',
      reactions: { crown: 1, fire: 0, thinker: 0, laughing: 0 },
      hidden: false,
    });
    expect(Object.keys(body.pun).sort()).toEqual(
      [
        'authorName',
        'category',
        'createdAt',
        'day',
        'hidden',
        'id',
        'output',
        'reactions',
        'text',
      ].sort(),
    );
    expect(res.body).not.toContain(author.user.id);
    expect(res.body).not.toContain('@example.com');
    expect(res.body).not.toContain('password');
  });

  it('answers unknown and malformed ids with a friendly 404', async () => {
    for (const id of [MISSING_ID, 'not-a-pun', '1', `${MISSING_ID}x`, 'x'.repeat(150), '%00']) {
      const api = await get(`/api/share/${id}`);
      expect(api.statusCode, id).toBe(404);
      expect(api.json()).toMatchObject({ error: 'pun_not_found', message: shareMessages.notFound });
      const page = await get(`/p/${id}`);
      expect(page.statusCode, id).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(`<title>${shareMessages.notFoundTitle} | Punday</title>`);
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
      expect(page.body).not.toContain('og:image');
      const card = await get(`/p/${id}/card.png`);
      expect(card.statusCode, id).toBe(404);
    }
  });

  it('hides a hidden pun from everyone but its author', async () => {
    const { author, punId } = await authorAndPun();
    const [stranger] = await seedUsers(t.database.db, 1);
    if (!stranger) throw new Error('seed');
    await hide(punId);

    for (const cookie of [undefined, stranger.cookie]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      expect((await get(`/api/share/${punId}`, headers)).statusCode).toBe(404);
      expect((await get(`/p/${punId}`, headers)).statusCode).toBe(404);
      expect((await get(`/p/${punId}/card.png`, headers)).statusCode).toBe(404);
    }

    const own = await get(`/api/share/${punId}`, { cookie: author.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.json().pun.hidden).toBe(true);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const page = await get(`/p/${punId}`, { cookie: author.cookie });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    const card = await get(`/p/${punId}/card.png`, { cookie: author.cookie });
    expect(card.statusCode).toBe(200);
    expect(card.headers['cache-control']).toBe('private, no-store');

    // An operator's restore makes it public again.
    await t.database.db.execute(sql`update puns set moderation = 'restored' where id = ${punId}`);
    expect((await get(`/api/share/${punId}`)).statusCode).toBe(200);
  });

  it("hides a banned author's puns", async () => {
    const { author, punId } = await authorAndPun();
    await t.database.db.execute(
      sql`update users set banned_at = now() where id = ${author.user.id}`,
    );
    expect((await get(`/api/share/${punId}`)).statusCode).toBe(404);
    expect((await get(`/p/${punId}`)).statusCode).toBe(404);
  });

  it('writes escaped Open Graph and Twitter tags into the page head', async () => {
    const text = `<script>alert("pwned")</script> & 'quotes' $& "double" done`;
    const [raw] = await seedUsers(t.database.db, 1);
    if (!raw) throw new Error('seed');
    const authorName = `Evil "Name" <b>&amp;</b>`;
    await t.database.db.execute(
      sql`update users set display_name = ${authorName} where id = ${raw.id}`,
    );
    const punId = await seedPun(t.database.db, raw.id, { text });

    const res = await get(`/p/${punId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;',
    );
    // Still the app's own script (the CSP allows only same-origin scripts) and one <title>.
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escapeHtml(sharePageTitle(text))}</title>`);
    expect(html).toContain('<title>&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp;');
    expect(html).not.toMatch(/<style|style=/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");

    const tags = metaTags(html);
    expect(tags.get('og:type')).toBe('article');
    expect(tags.get('og:site_name')).toBe('Punday');
    expect(tags.get('og:title')).toBe(`“${text}”`);
    expect(tags.get('og:url')).toBe(`${PUBLIC_URL}/p/${punId}`);
    expect(tags.get('og:image')).toBe(`${PUBLIC_URL}/p/${punId}/card.png`);
    expect(tags.get('og:image:width')).toBe(String(CARD_WIDTH));
    expect(tags.get('og:image:height')).toBe(String(CARD_HEIGHT));
    expect(tags.get('og:image:alt')).toBe(`${text} by ${authorName}`);
    expect(tags.get('og:description')).toContain(
      `A pun by ${authorName} for Food + Restaurant Name`,
    );
    expect(tags.get('description')).toBe(tags.get('og:description'));
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    expect(tags.get('twitter:image')).toBe(`${PUBLIC_URL}/p/${punId}/card.png`);
    expect(tags.get('twitter:title')).toBe(`“${text}”`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/p/${punId}" />`);
    expect(html).not.toContain('noindex');
    // The "$&" in the pun stayed text (no replacement pattern ran on it).
    expect(tags.get('og:title')).toContain('$&');
  });

  it('titles the page with the first words of the pun', async () => {
    const { punId } = await authorAndPun('One two three four five six seven eight');
    const res = await get(`/p/${punId}`);
    expect(res.body).toContain('<title>One two three four five six… | Punday</title>');
  });

  it('renders the card as a 1200x630 PNG, cached with an ETag, once per content', async () => {
    const { punId } = await authorAndPun();
    const before = t.app.shareCards.renders;

    // Crawlers arrive together: ten concurrent requests render once.
    const first = await Promise.all(Array.from({ length: 10 }, () => get(`/p/${punId}/card.png`)));
    expect(t.app.shareCards.renders - before).toBe(1);
    for (const res of first) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe(CARD_CACHE_CONTROL);
      expect(res.rawPayload.equals(first[0]?.rawPayload as Buffer)).toBe(true);
    }
    const png = first[0]?.rawPayload as Buffer;
    expect(pngSize(png)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
    const etag = first[0]?.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);

    const again = await get(`/p/${punId}/card.png`);
    expect(again.rawPayload.equals(png)).toBe(true);
    expect(again.headers.etag).toBe(etag);
    const notModified = await get(`/p/${punId}/card.png`, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url: `/p/${punId}/card.png` });
    expect(head.statusCode).toBe(200);
    expect(t.app.shareCards.renders - before).toBe(1);

    // A new crown changes what the card draws: a new render, a new ETag.
    const [giver] = await seedUsers(t.database.db, 1);
    if (!giver) throw new Error('seed');
    await t.app.inject({
      method: 'PUT',
      url: `/api/puns/${punId}/reaction`,
      payload: { reaction: 'crown' },
      headers: { cookie: giver.cookie },
    });
    const crowned = await get(`/p/${punId}/card.png`);
    expect(crowned.statusCode).toBe(200);
    expect(crowned.headers.etag).not.toBe(etag);
    expect(crowned.rawPayload.equals(png)).toBe(false);
    expect(t.app.shareCards.renders - before).toBe(2);
  });

  it('renders cards for long words, emoji, right-to-left and near-empty text', async () => {
    const texts = [
      `Pun${'derful'.repeat(60)}`.slice(0, 280),
      'Lettuce 🥬 celebrate 👨‍👩‍👧 🔥👑 ❤️ 🇺🇸 the Codfather 🐟',
      'שלום עולם, זה משחק מילים',
      'مرحبا بالعالم',
      '\u200f\u202e \u200b',
      '.',
      '漢字 and 🍜 ramen',
    ];
    for (const text of texts) {
      const { punId } = await authorAndPun(text);
      const res = await get(`/p/${punId}/card.png`);
      expect(res.statusCode, text).toBe(200);
      expect(pngSize(res.rawPayload), text).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
    }
  });
});
