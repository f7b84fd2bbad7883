import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, OUTPUTS } from '#server/features/challenge/catalog';
import { PUN_MAX_LENGTH } from '#shared/constants';
import { addDays } from '#shared/la-day';
import { sanitizePun } from '#shared/sanitize';
import { createPunGenerator } from './generator.ts';
import { candidates, offlinePun } from './offline.ts';
import { loadDictionary, phonemes, wordsSoundAlike } from './phonetics.ts';
import { THEMES } from './themes.ts';

describe('offline pun generator', () => {
  beforeAll(async () => {
    await loadDictionary();
  });

  it('is what runs without AI_BASE_URL', () => {
    expect(
      createPunGenerator({ baseUrl: undefined, apiKey: undefined, model: 'x', timeoutMs: 1 }).kind,
    ).toBe('offline');
  });

  it('has themed words for every category, all in the pronouncing dictionary', () => {
    for (const category of CATEGORIES) {
      const words = THEMES[category];
      expect(words, category).toBeDefined();
      expect(words?.length, category).toBeGreaterThanOrEqual(15);
      for (const w of words ?? []) expect(phonemes(w), `${category}: ${w}`).not.toBeNull();
    }
  });

  it('hears sound-alikes: cod/god, pork/park, pie/my, bread/bred, and not cod/elephant', () => {
    expect(wordsSoundAlike('cod', 'god')).toBeGreaterThan(0.75);
    expect(wordsSoundAlike('pork', 'park')).toBeGreaterThan(0.75);
    expect(wordsSoundAlike('pie', 'my')).toBeGreaterThan(0.6);
    expect(wordsSoundAlike('bread', 'bred')).toBe(1);
    expect(wordsSoundAlike('cod', 'elephant')).toBeLessThan(0.4);
  });

  it('finds the classic: The Godfather with Food gives The Codfather', () => {
    const found = candidates(['cod'], ['The Godfather']);
    expect(found[0]?.text).toBe('The Codfather');
  });

  it('makes a clean one-line pun for every category and output, never "category + output"', async () => {
    const seen = new Set<string>();
    for (const [i, category] of CATEGORIES.entries()) {
      for (const output of [OUTPUTS[i % OUTPUTS.length], OUTPUTS[(i * 7 + 3) % OUTPUTS.length]]) {
        const pun = await offlinePun({
          category,
          output: output ?? 'Band Name',
          day: '2026-12-01',
        });
        expect(pun.length, `${category} + ${output}`).toBeGreaterThan(0);
        expect(Array.from(pun).length).toBeLessThanOrEqual(PUN_MAX_LENGTH);
        expect(pun).toBe(sanitizePun(pun));
        expect(pun).not.toMatch(/\n/);
        expect(pun.toLowerCase()).not.toContain(`${category} ${output}`.toLowerCase());
        seen.add(pun);
      }
    }
    expect(seen.size).toBeGreaterThan(CATEGORIES.length * 1.5);
  });

  it('gives the same pun for the same day, and different puns across days', async () => {
    const request = { category: 'Food', output: 'Movie Title', day: '2026-12-01' };
    expect(await offlinePun(request)).toBe(await offlinePun(request));
    const week = new Set<string>();
    for (let i = 0; i < 7; i++)
      week.add(await offlinePun({ ...request, day: addDays('2026-12-01', i) }));
    expect(week.size).toBeGreaterThanOrEqual(3);
  });

  it("works for an operator's own category and output", async () => {
    const pun = await offlinePun({
      category: 'Sea Shanties',
      output: 'Name for a Llama',
      day: '2026-12-01',
    });
    expect(pun.length).toBeGreaterThan(0);
  });
});
