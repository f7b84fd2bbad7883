import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PUN_SANITIZED_MAX_LENGTH } from './constants.ts';
import { FORBIDDEN_PUN_CHARACTERS, sanitizePun } from './sanitize.ts';

const punish = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      ...FORBIDDEN_PUN_CHARACTERS,
      ' ',
      '\n',
      '<b>',
      '</i>',
      '<script>',
      'a',
      'é',
      '🍕',
    ),
    fc.string({ maxLength: 3 }),
  ),
  maxLength: 1500,
});

describe('sanitizePun (spec §5)', () => {
  it('strips markup, removes the forbidden characters and trims', () => {
    expect(sanitizePun('  <b>Lettuce</b> <script>alert(1)</script> turnip  ')).toBe(
      'Lettuce alert(1) turnip',
    );
    expect(sanitizePun('a{b}c[d]e\\f`g')).toBe('abcdefg');
    expect(sanitizePun(' < > ')).toBe('');
    expect(sanitizePun('Pho-king good 🍜')).toBe('Pho-king good 🍜');
  });

  it('never leaves a forbidden character or a tag, and never exceeds 1000 characters', () => {
    fc.assert(
      fc.property(punish, (input) => {
        const out = sanitizePun(input);
        for (const c of FORBIDDEN_PUN_CHARACTERS) expect(out).not.toContain(c);
        expect(out).not.toMatch(/<[^>]*>/);
        expect(Array.from(out).length).toBeLessThanOrEqual(PUN_SANITIZED_MAX_LENGTH);
        expect(out).toBe(out.trim());
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(punish, (input) => {
        const once = sanitizePun(input);
        expect(sanitizePun(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it('cuts long text to exactly 1000 characters without splitting an emoji', () => {
    const out = sanitizePun('🍕'.repeat(1200));
    expect(Array.from(out)).toHaveLength(1000);
    expect(out.length).toBe(2000);
  });
});
