// spec §5 pun text: before saving, markup is stripped, the text is trimmed, the characters
// < > \ { } [ ] and backtick are removed, and it is cut to 1000 characters. The order below makes
// the function idempotent (removing characters can expose spaces, cutting can leave one at the end).
import { PUN_SANITIZED_MAX_LENGTH } from './constants.ts';

const MARKUP = /<[^>]*>/g;
const FORBIDDEN = /[<>\\{}[\]`]/g;
// Control characters other than tab and newline have no place in a pun.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

export const FORBIDDEN_PUN_CHARACTERS = ['<', '>', '\\', '{', '}', '[', ']', '`'] as const;

export function sanitizePun(input: string): string {
  const stripped = input.replace(MARKUP, '').replace(FORBIDDEN, '').replace(CONTROL, '').trim();
  // Cut by code points so an emoji is never split in half.
  const cut = Array.from(stripped).slice(0, PUN_SANITIZED_MAX_LENGTH).join('');
  return cut.trim();
}
