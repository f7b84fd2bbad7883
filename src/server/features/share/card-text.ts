// Text for the share card, made safe for the bundled fonts: Inter (Latin, Greek, Cyrillic,
// Vietnamese) and Noto Emoji. Satori draws a missing glyph as an empty box, so characters no
// bundled font covers are dropped, and a pun written mostly in such a script (Hebrew, Arabic,
// CJK ...) gets a line that sends the reader to the page instead of a row of boxes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export function fontsourceDir(pkg: string): string {
  return path.dirname(require.resolve(`@fontsource/${pkg}/package.json`));
}

type Range = readonly [number, number];

/** The code point ranges of a fontsource package's unicode.json ("U+0000-00FF,U+0131"). */
function rangesOf(pkg: string): Range[] {
  const file = path.join(fontsourceDir(pkg), 'unicode.json');
  const subsets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const ranges: Range[] = [];
  for (const list of Object.values(subsets)) {
    for (const part of list.split(',')) {
      const match = /^U\+([0-9a-f]+)(?:-([0-9a-f]+))?$/i.exec(part.trim());
      if (!match?.[1]) continue;
      const start = Number.parseInt(match[1], 16);
      ranges.push([start, match[2] ? Number.parseInt(match[2], 16) : start]);
    }
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

function covers(ranges: readonly Range[], codePoint: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  // Ranges may overlap, so a binary search finds the last start <= codePoint, then looks back.
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((ranges[mid] as Range)[0] <= codePoint) lo = mid + 1;
    else hi = mid - 1;
  }
  for (let i = hi; i >= 0; i--) {
    const [start, end] = ranges[i] as Range;
    if (codePoint >= start && codePoint <= end) return true;
    if (codePoint - start > 0x20000) break;
  }
  return false;
}

let coverage: { text: Range[]; emoji: Range[] } | undefined;

function fontCoverage() {
  coverage ??= { text: rangesOf('inter'), emoji: rangesOf('noto-emoji') };
  return coverage;
}

// Bidirectional and invisible formatting characters: no glyph in any font, and an override
// (U+202E) could turn the card's text around. The emoji joiner (U+200D) stays.
const FORMATTING =
  /[\u00ad\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are dropped
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/gu;

export interface CardText {
  /** What the card draws. */
  text: string;
  /** Some characters could not be drawn and were left out. */
  dropped: boolean;
  /** So little could be drawn that the card shows `fallback` instead. */
  unreadable: boolean;
  /** Whatever could be drawn, even when that is too little to read as the pun. */
  drawable: string;
}

/**
 * `input` with whitespace collapsed, formatting characters removed and characters no bundled font
 * has left out. When more than a third of the visible characters are missing, `fallback` instead.
 */
export function cardText(input: string, fallback: string): CardText {
  const { text: textRanges, emoji: emojiRanges } = fontCoverage();
  const cleaned = input.replace(FORMATTING, '').replace(CONTROL, ' ').replace(/\s+/gu, ' ').trim();
  let kept = '';
  let visible = 0;
  let missing = 0;
  for (const char of cleaned) {
    const codePoint = char.codePointAt(0) ?? 0;
    const drawable =
      char === ' ' || covers(textRanges, codePoint) || covers(emojiRanges, codePoint);
    if (char !== ' ' && codePoint !== 0x200d && codePoint !== 0xfe0f) {
      visible++;
      if (!drawable) missing++;
    }
    if (drawable) kept += char;
  }
  kept = afterEmojiSpaces(kept.replace(/ {2,}/g, ' ').trim(), textRanges, emojiRanges);
  const unreadable = visible > 0 && (missing * 3 > visible || kept === '');
  if (unreadable || kept === '') {
    return { text: fallback, dropped: missing > 0, unreadable: true, drawable: kept };
  }
  return { text: kept, dropped: missing > 0, unreadable: false, drawable: kept };
}

export const EMOJI_SPACE = '\u2005';

/**
 * Satori measures a space that follows an emoji with the emoji font, whose space is a full em
 * wide. A four-per-em space (U+2005, Inter's own, still a line-break opportunity) looks like a
 * normal space there.
 */
function afterEmojiSpaces(text: string, textRanges: Range[], emojiRanges: Range[]): string {
  let out = '';
  let previousIsEmoji = false;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (char === ' ') {
      out += previousIsEmoji ? EMOJI_SPACE : ' ';
      previousIsEmoji = false;
      continue;
    }
    out += char;
    if (codePoint === 0xfe0f || codePoint === 0x200d) continue;
    previousIsEmoji = !covers(textRanges, codePoint) && covers(emojiRanges, codePoint);
  }
  return out;
}

/** At most `max` code points, cut at the end with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * The largest font size (from `sizes`, largest first) at which `text` is expected to fit in a box
 * of `width` x `height` pixels, and the number of lines that box holds at that size. Widths are
 * estimated per character (Inter bold, emoji a little wider than an em); the card clamps lines
 * as well, so a wrong guess costs an ellipsis, never an overflow.
 */
export function fitText(
  text: string,
  box: { width: number; height: number; lineHeight: number },
  sizes: readonly number[],
): { fontSize: number; lines: number } {
  let ems = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (char === ' ') ems += 0.27;
    else if (codePoint === 0x200d || codePoint === 0xfe0f) ems += 0;
    else if (codePoint > 0x2000) ems += 1.15;
    else if (/[MWmw@%]/.test(char)) ems += 0.92;
    else if (/[A-Z0-9&]/.test(char)) ems += 0.68;
    else if (/[iljtf.,;:'!|]/.test(char)) ems += 0.32;
    else ems += 0.57;
  }
  const smallest = sizes[sizes.length - 1] ?? 24;
  for (const fontSize of sizes) {
    const lines = Math.floor(box.height / (fontSize * box.lineHeight));
    if (lines < 1) continue;
    // Wrapping at word ends wastes part of each line: ask for 15% room.
    if (ems * fontSize * 1.15 <= lines * box.width) return { fontSize, lines };
  }
  return {
    fontSize: smallest,
    lines: Math.max(1, Math.floor(box.height / (smallest * box.lineHeight))),
  };
}
