import { describe, expect, it } from 'vitest';
import { PUN_MAX_LENGTH } from '#shared/constants';
import { limitPunEdit, punLength } from './text-limit';

describe('limitPunEdit (spec §5: input beyond 280 characters is ignored)', () => {
  it('lets an edit within the limit through untouched', () => {
    expect(limitPunEdit('ab', 'abc')).toEqual({ text: 'abc', caret: 3 });
    expect(limitPunEdit('a'.repeat(300), 'short')).toEqual({ text: 'short', caret: 5 });
  });

  it('keeps as much of a paste as fits, where it was pasted', () => {
    const before = 'x'.repeat(PUN_MAX_LENGTH - 3);
    const edit = limitPunEdit(before, `xx${'PASTE'}${before.slice(2)}`);
    expect(edit.text).toBe(`xxPAS${before.slice(2)}`);
    expect(edit.caret).toBe(5);
    expect(punLength(edit.text)).toBe(PUN_MAX_LENGTH);
  });

  it('drops a letter typed into a full box, wherever the caret was', () => {
    const full = 'y'.repeat(PUN_MAX_LENGTH);
    expect(limitPunEdit(full, `Z${full}`).text).toBe(full);
    expect(limitPunEdit(full, `${full}Z`).text).toBe(full);
  });

  it('counts characters as the server does: an emoji is one', () => {
    expect(punLength('🥐🥐')).toBe(2);
    const edit = limitPunEdit('', '🥐'.repeat(PUN_MAX_LENGTH + 1));
    expect(punLength(edit.text)).toBe(PUN_MAX_LENGTH);
    expect(edit.caret).toBe(PUN_MAX_LENGTH * 2);
  });

  it('replacing a selection with something longer keeps only what fits', () => {
    const before = `${'a'.repeat(PUN_MAX_LENGTH - 5)}SELECT`.slice(0, PUN_MAX_LENGTH);
    const after = `${'a'.repeat(PUN_MAX_LENGTH - 5)}0123456789`;
    expect(limitPunEdit(before, after).text).toBe(`${'a'.repeat(PUN_MAX_LENGTH - 5)}01234`);
  });
});
