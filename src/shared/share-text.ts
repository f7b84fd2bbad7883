// Sharing a pun (issue 8): sizes, paths, titles and every user-visible message, without zod, so
// the client can import them without the schema library (share.ts re-exports them).
import { APP_NAME } from './constants.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Words of the pun in the share page's title before it is cut with an ellipsis. */
export const SHARE_TITLE_MAX_WORDS = 6;
export const SHARE_TITLE_MAX_CHARS = 60;
/** How long the "Link copied" confirmation stays. */
export const SHARE_CONFIRMATION_MS = 4_000;

export const shareMessages = {
  notFoundTitle: 'Pun not found',
  notFound: 'This pun does not exist, or it is no longer shared.',
  loadFailed: 'Could not load this pun. Please try refreshing the page.',
  copied: 'Link copied',
  copyFailed: 'Could not copy the link. Copy it from here:',
  hiddenNotice: 'Only you can see this pun: it is hidden from other players after reports.',
  joinPrompt: 'One pun a day. Make it count.',
  joinCall: 'Join Punday',
  dashboardLink: 'Go to your dashboard',
  fallbackTitle: 'Shared pun',
  /** On the card, when the pun's script is one the bundled fonts cannot draw. */
  cardUnreadable: 'Open the link to read this pun',
} as const;

export function sharePath(punId: string): string {
  return `/p/${encodeURIComponent(punId)}`;
}

export function cardPath(punId: string): string {
  return `${sharePath(punId)}/card.png`;
}

/** The first few words of a pun, for page titles: "Lettuce celebrate, the Codfather…". */
export function punTitleWords(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  let title = words.slice(0, SHARE_TITLE_MAX_WORDS).join(' ');
  let cut = words.length > SHARE_TITLE_MAX_WORDS;
  const chars = Array.from(title);
  if (chars.length > SHARE_TITLE_MAX_CHARS) {
    title = chars.slice(0, SHARE_TITLE_MAX_CHARS).join('').trimEnd();
    cut = true;
  }
  return cut ? `${title}…` : title;
}

/** The share page's name before " | Punday": the pun's first words, or "Shared pun". */
export function sharePageName(text: string | undefined): string {
  return (text && punTitleWords(text)) || shareMessages.fallbackTitle;
}

export function sharePageTitle(text: string | undefined): string {
  return `${sharePageName(text)} | ${APP_NAME}`;
}

/** The one-line challenge: "Movies + Restaurant Name". */
export function challengeLine(pun: { category: string; output: string }): string {
  return `${pun.category} + ${pun.output}`;
}
