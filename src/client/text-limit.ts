// spec §5: a pun is at most 280 characters and "input beyond that is ignored" (the report note
// follows the same rule at 500). Characters are code points, as the server counts them, so an
// emoji is one. Like the browser's own maxLength, an edit that would overflow keeps the text
// around it and only as much of what was typed or pasted as fits, rather than cutting the end
// off the existing text.
import { PUN_MAX_LENGTH } from '#shared/constants';

export function punLength(text: string): number {
  return Array.from(text).length;
}

export interface LimitedEdit {
  text: string;
  /** Where the caret belongs (UTF-16 index) when some of the input was dropped. */
  caret: number;
}

export function limitPunEdit(previous: string, next: string, max = PUN_MAX_LENGTH): LimitedEdit {
  const nextChars = Array.from(next);
  if (nextChars.length <= max) return { text: next, caret: next.length };
  const prevChars = Array.from(previous);
  // The edit replaced prevChars[start, prevEnd) with nextChars[start, nextEnd).
  let start = 0;
  while (
    start < prevChars.length &&
    start < nextChars.length &&
    prevChars[start] === nextChars[start]
  ) {
    start++;
  }
  let prevEnd = prevChars.length;
  let nextEnd = nextChars.length;
  while (prevEnd > start && nextEnd > start && prevChars[prevEnd - 1] === nextChars[nextEnd - 1]) {
    prevEnd--;
    nextEnd--;
  }
  const kept = prevChars.length - (prevEnd - start);
  const inserted = nextChars.slice(start, nextEnd).slice(0, Math.max(0, max - kept));
  const head = [...prevChars.slice(0, start), ...inserted].join('');
  const text = head + prevChars.slice(prevEnd).join('');
  // Should the previous text itself have been too long, cut it too.
  const limited = Array.from(text).slice(0, max).join('');
  return { text: limited, caret: Math.min(head.length, limited.length) };
}

/**
 * Applies the limit to an edit of a controlled text field, in the field itself: when part of the
 * edit is dropped the field shows the kept text at once, with the caret after what was kept, so
 * the next render has nothing to rewrite (Preact re-renders nothing when the kept text equals the
 * old state, and would otherwise leave the dropped text on screen). Returns the text to store.
 */
export function limitFieldEdit(
  field: HTMLInputElement | HTMLTextAreaElement,
  previous: string,
  max: number,
): string {
  const { text, caret } = limitPunEdit(previous, field.value, max);
  if (text !== field.value) {
    field.value = text;
    field.setSelectionRange(caret, caret);
  }
  return text;
}
