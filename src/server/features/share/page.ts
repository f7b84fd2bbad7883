// The share page's HTML: the built index.html with the pun's title, description, Open Graph and
// Twitter card tags written into <head>, so link previews work for crawlers that run no script.
// Only attributes and the <title> text are added (no inline script or style: the CSP forbids
// them), and every value is escaped.

import { REACTION_KEYS } from '#shared/api';
import { APP_NAME } from '#shared/constants';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  challengeLine,
  type SharedPun,
  shareMessages,
  sharePageTitle,
} from '#shared/share';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in HTML text and in double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const REACTION_WORDS: Record<(typeof REACTION_KEYS)[number], [string, string]> = {
  crown: ['crown', 'crowns'],
  fire: ['fire', 'fires'],
  thinker: ['thinker', 'thinkers'],
  laughing: ['laugh', 'laughs'],
};

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

export interface ShareHead {
  title: string;
  description: string;
  /** Tags beyond <title> and the description, as [attribute name, key, content]. */
  tags: [string, string, string][];
  canonical?: string;
  noindex: boolean;
}

export function sharedPunHead(pun: SharedPun, urls: { page: string; card: string }): ShareHead {
  const author = pun.authorName.trim() || 'Anonymous';
  const reactions = REACTION_KEYS.filter((key) => pun.reactions[key] > 0)
    .map((key) => {
      const count = pun.reactions[key];
      const [one, many] = REACTION_WORDS[key];
      return `${count} ${count === 1 ? one : many}`;
    })
    .join(', ');
  const title = sharePageTitle(pun.text);
  const ogTitle = `“${oneLine(pun.text, 100)}”`;
  const description = oneLine(
    `A pun by ${author} for ${challengeLine(pun)} (${pun.day})${reactions ? `: ${reactions}` : ''}. One pun a day on ${APP_NAME}.`,
    300,
  );
  const alt = oneLine(`${pun.text} by ${author}`, 400);
  return {
    title,
    description,
    canonical: urls.page,
    noindex: pun.hidden,
    tags: [
      ['property', 'og:type', 'article'],
      ['property', 'og:site_name', APP_NAME],
      ['property', 'og:title', ogTitle],
      ['property', 'og:description', description],
      ['property', 'og:url', urls.page],
      ['property', 'og:image', urls.card],
      ['property', 'og:image:type', 'image/png'],
      ['property', 'og:image:width', String(CARD_WIDTH)],
      ['property', 'og:image:height', String(CARD_HEIGHT)],
      ['property', 'og:image:alt', alt],
      ['property', 'article:published_time', pun.createdAt],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', ogTitle],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', urls.card],
      ['name', 'twitter:image:alt', alt],
    ],
  };
}

export function notFoundHead(): ShareHead {
  return {
    title: `${shareMessages.notFoundTitle} | ${APP_NAME}`,
    description: shareMessages.notFound,
    noindex: true,
    tags: [],
  };
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>/i;

/** `indexHtml` with `head` written in: title and description replaced, the rest appended. */
export function withShareHead(indexHtml: string, head: ShareHead): string {
  const titleTag = `<title>${escapeHtml(head.title)}</title>`;
  const descriptionTag = `<meta name="description" content="${escapeHtml(head.description)}" />`;
  const extra = [
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
    ...head.tags.map(
      ([attribute, key, content]) =>
        `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`,
    ),
  ];
  // Replacer functions, so a "$&" in a pun is text, not a replacement pattern.
  let html = TITLE.test(indexHtml)
    ? indexHtml.replace(TITLE, () => titleTag)
    : indexHtml.replace(/<\/head>/i, () => `${titleTag}</head>`);
  html = DESCRIPTION.test(html)
    ? html.replace(DESCRIPTION, () => descriptionTag)
    : html.replace(/<\/head>/i, () => `${descriptionTag}</head>`);
  return html.replace(/\n?[ \t]*<\/head>/i, () => `\n    ${extra.join('\n    ')}\n  </head>`);
}
