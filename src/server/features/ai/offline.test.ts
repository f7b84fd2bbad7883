import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, OUTPUTS } from '#server/features/challenge/catalog';
import { PUN_MAX_LENGTH } from '#shared/constants';
import { addDays } from '#shared/la-day';
import { sanitizePun } from '#shared/sanitize';
import { createPunGenerator } from './generator.ts';
import { blend, candidates, MIN_SCORE, offlinePun, prepareOffline } from './offline.ts';
import { phonemes, wordsSoundAlike } from './phonetics.ts';
import { PHRASES_BY_OUTPUT } from './phrases.ts';
import { THEMES } from './themes.ts';

const texts = (themes: string[], phrases: string[]) =>
  candidates(themes, phrases).map((c) => c.text);

describe('phonetic matcher', () => {
  beforeAll(() => prepareOffline());

  it('reads ARPAbet from the pronouncing dictionary', () => {
    expect(phonemes('bread')).toEqual(['B', 'R', 'EH', 'D']);
    expect(phonemes('qwzxv')).toBeNull();
  });

  it('hears homophones as the same word', () => {
    expect(wordsSoundAlike('bread', 'bred')).toBe(1);
    expect(wordsSoundAlike('pie', 'pi')).toBe(1);
    expect(wordsSoundAlike('knight', 'night')).toBe(1);
    expect(wordsSoundAlike('whey', 'way')).toBe(1);
  });

  it('hears rhymes and near-homophones as pun material', () => {
    for (const [a, b] of [
      ['cod', 'god'],
      ['bread', 'red'],
      ['pie', 'my'],
      ['pork', 'park'],
      ['pita', 'peter'],
      ['fries', 'flies'],
      ['bark', 'park'],
      ['thyme', 'time'],
      ['yeast', 'least'],
      ['grate', 'great'],
    ] as const) {
      expect(wordsSoundAlike(a, b), `${a}/${b}`).toBeGreaterThanOrEqual(0.85);
    }
  });

  it('hears a rhyme with a different onset as weaker but usable', () => {
    expect(wordsSoundAlike('bread', 'dead')).toBeGreaterThanOrEqual(MIN_SCORE);
    expect(wordsSoundAlike('bread', 'dead')).toBeLessThan(wordsSoundAlike('bread', 'red'));
  });

  it('ranks a rhyme above a changed ending above a changed vowel above unrelated words', () => {
    const rhyme = wordsSoundAlike('cod', 'god');
    const ending = wordsSoundAlike('cod', 'cot');
    const vowel = wordsSoundAlike('cod', 'kid');
    const unrelated = wordsSoundAlike('cod', 'elephant');
    expect(rhyme).toBeGreaterThan(ending);
    expect(ending).toBeGreaterThan(vowel);
    expect(vowel).toBeGreaterThan(unrelated);
    expect(unrelated).toBeLessThan(MIN_SCORE);
    expect(wordsSoundAlike('pie', 'elephant')).toBeLessThan(MIN_SCORE);
  });
});

describe('sound-alike swaps', () => {
  beforeAll(() => prepareOffline());

  it('finds the classics', () => {
    expect(texts(['cod'], ['The Godfather'])[0]).toBe('The Codfather');
    expect(texts(['pita'], ['Peter Pan'])[0]).toBe('Pita Pan');
    expect(texts(['fries'], ['Lord of the Flies'])[0]).toBe('Lord of the Fries');
    expect(texts(['pork'], ['Jurassic Park'])[0]).toBe('Jurassic Pork');
    expect(texts(['bark'], ['Jurassic Park'])[0]).toBe('Jurassic Bark');
  });

  it('keeps capitals, spells joins the English way and fixes the article', () => {
    expect(texts(['brake'], ['Breaking Bad'])).toContain('Braking Bad');
    expect(texts(['egg'], ['Break a Leg'])).toContain('Break an Egg');
    expect(texts(['roast'], ['Ghostbusters'])).toContain('Roastbusters');
  });

  it('does not cut a word where the letters are not the sound ("brea|king")', () => {
    expect(texts(['wing'], ['Breaking Bad'])).not.toContain('Breawing Bad');
    expect(texts(['quest', 'test'], ['Forrest Gump']).join()).not.toMatch(/Forr(qu|t)est/);
  });

  it('leaves the small words of a title alone', () => {
    expect(texts(['rum'], ['Far from the Madding Crowd']).join()).not.toMatch(/ rum /);
  });

  it('finds nothing when nothing sounds alike', () => {
    expect(candidates(['elephant'], ['The Godfather'])).toEqual([]);
  });

  it('falls back to a portmanteau, preferring the longest shared part', () => {
    const random = () => 0;
    expect(blend(['bread'], ['The Great Adventure'], random)).toBe('The Great Breadventure');
    expect(blend(['tuna', 'melon'], ['Nature Calls', 'Only Lonely'], random)).toBe('Only Melonely');
    expect(blend(['xyz'], ['The Godfather'], random)).toBeNull();
  });
});

describe('offline pun generator', () => {
  beforeAll(() => prepareOffline());

  it('is what runs without AI_BASE_URL', () => {
    expect(
      createPunGenerator({ baseUrl: undefined, apiKey: undefined, model: 'x', timeoutMs: 1 }).kind,
    ).toBe('offline');
  });

  it('has at least 15 themed words for every category, all in the pronouncing dictionary', () => {
    for (const category of CATEGORIES) {
      const words = THEMES[category];
      expect(words, category).toBeDefined();
      expect(words?.length, category).toBeGreaterThanOrEqual(15);
      for (const w of words ?? []) expect(phonemes(w), `${category}: ${w}`).not.toBeNull();
    }
  });

  it('has a phrase pool for every output', () => {
    for (const output of OUTPUTS)
      expect(PHRASES_BY_OUTPUT[output]?.length, output).toBeGreaterThanOrEqual(40);
  });

  it('makes a clean one-line pun for every category with a sample of outputs', async () => {
    const seen = new Set<string>();
    for (const [i, category] of CATEGORIES.entries()) {
      for (const output of [
        OUTPUTS[i % OUTPUTS.length] ?? 'Band Name',
        OUTPUTS[(i * 7 + 3) % OUTPUTS.length] ?? 'Movie Title',
        OUTPUTS[(i * 11 + 5) % OUTPUTS.length] ?? 'Book Title',
      ]) {
        const pun = await offlinePun({ category, output, day: '2026-12-01' });
        const label = `${category} + ${output}: ${pun}`;
        expect(pun.length, label).toBeGreaterThan(0);
        expect(Array.from(pun).length, label).toBeLessThanOrEqual(PUN_MAX_LENGTH);
        expect(pun, label).toBe(sanitizePun(pun));
        expect(pun, label).not.toMatch(/[\r\n]/);
        // Not a template: neither "Food Restaurant Name" nor the category pasted in.
        expect(pun.toLowerCase(), label).not.toContain(`${category} ${output}`.toLowerCase());
        expect(pun.toLowerCase(), label).not.toContain(category.toLowerCase());
        seen.add(pun);
      }
    }
    // Different challenges give different puns.
    expect(seen.size).toBeGreaterThan(CATEGORIES.length * 3 * 0.9);
  });

  it('gives the same pun for the same day and challenge', async () => {
    for (const output of OUTPUTS) {
      const request = { category: 'Food', output, day: '2026-12-01' };
      expect(await offlinePun(request)).toBe(await offlinePun({ ...request }));
    }
  });

  it('gives a different pun on the next day for most challenges', async () => {
    let changed = 0;
    let total = 0;
    for (const [i, category] of CATEGORIES.entries()) {
      const output = OUTPUTS[(i * 5) % OUTPUTS.length] ?? 'Band Name';
      const today = await offlinePun({ category, output, day: '2026-12-01' });
      const tomorrow = await offlinePun({ category, output, day: '2026-12-02' });
      total++;
      if (today !== tomorrow) changed++;
    }
    expect(changed / total).toBeGreaterThan(0.6);
  });

  it('varies over a week', async () => {
    const week = new Set<string>();
    for (let i = 0; i < 7; i++)
      week.add(
        await offlinePun({
          category: 'Food',
          output: 'Movie Title',
          day: addDays('2026-12-01', i),
        }),
      );
    expect(week.size).toBeGreaterThanOrEqual(3);
  });

  it("works for an operator's own category and output", async () => {
    const pun = await offlinePun({
      category: 'Sea Shanties',
      output: 'Name for a Llama',
      day: '2026-12-01',
    });
    expect(pun.length).toBeGreaterThan(0);
    expect(pun).toBe(sanitizePun(pun));
  });

  it('answers in a few milliseconds once prepared', async () => {
    const started = performance.now();
    for (let d = 0; d < 50; d++)
      await offlinePun({ category: 'Cats', output: 'Band Name', day: addDays('2026-12-01', d) });
    // Generous for slow CI machines; in practice well under 1 ms each for a known challenge.
    expect((performance.now() - started) / 50).toBeLessThan(20);
  });
});
