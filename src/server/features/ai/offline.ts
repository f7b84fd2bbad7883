// The built-in pun generator: no network, a real pun for any category and output. It hides a
// sound-alike from the category inside a well-known phrase of the output's kind ("The Godfather"
// + Food -> "The Codfather"), swapping a whole word or the part of a word that is itself a word
// ("god" in "godfather"), ranked by how alike they sound. The day seeds the choice, so each day
// gets its own pun and the same day always the same one.
import { sanitizePun } from '#shared/sanitize';
import type { PunGenerator, PunRequest } from './generator.ts';
import { PunGenerationFailed } from './generator.ts';
import { loadDictionary, phonemes, soundAlike } from './phonetics.ts';
import { ALL_PHRASES, PHRASES_BY_OUTPUT } from './phrases.ts';
import { THEMES } from './themes.ts';

const STOP_WORDS = new Set([
  'the',
  'and',
  'of',
  'a',
  'an',
  'in',
  'on',
  'to',
  'for',
  'is',
  'it',
  'not',
  'or',
  'by',
  'at',
  'as',
  'with',
  'you',
  'your',
  'all',
  'but',
  'its',
]);
const MIN_SCORE = 0.62;
const SHORTLIST = 6;

export interface Candidate {
  text: string;
  score: number;
  original: string;
  theme: string;
}

function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

function matchCase(replacement: string, original: string): string {
  if (original === original.toUpperCase() && original.length > 1) return replacement.toUpperCase();
  if (original[0] === original[0]?.toUpperCase())
    return replacement[0]?.toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Themed words for a category; an operator's own category lends its own words. */
export function themesFor(category: string): string[] {
  const known = THEMES[category];
  if (known) return [...known];
  return category
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w) && phonemes(w));
}

/** Every swap of a themed word into the phrases, scored by sound. */
export function candidates(themes: string[], phrases: readonly string[]): Candidate[] {
  const found: Candidate[] = [];
  for (const phrase of phrases) {
    const words = phrase.split(' ');
    words.forEach((raw, index) => {
      const possessive = raw.endsWith("'s") ? "'s" : '';
      const word = raw.slice(0, raw.length - possessive.length);
      const lower = word.toLowerCase();
      if (lower.length < 3 || STOP_WORDS.has(lower) || !/^[a-z]+$/.test(lower)) return;
      // The whole word, or a head or tail of it that is a word itself ("god|father", "sun|shine").
      const parts: Array<{ piece: string; before: string; after: string }> = [
        { piece: lower, before: '', after: '' },
      ];
      for (let k = 3; k <= lower.length - 3; k++) {
        parts.push({ piece: lower.slice(0, k), before: '', after: lower.slice(k) });
        parts.push({ piece: lower.slice(k), before: lower.slice(0, k), after: '' });
      }
      for (const { piece, before, after } of parts) {
        const sound = phonemes(piece);
        if (!sound) continue;
        for (const theme of themes) {
          if (theme === piece || lower.includes(theme)) continue;
          const themeSound = phonemes(theme);
          if (!themeSound) continue;
          let score = soundAlike(sound, themeSound);
          // Swapping part of a word is funnier but riskier: ask it to sound closer.
          if (before || after) score -= 0.05;
          if (score < MIN_SCORE) continue;
          const swapped = matchCase(before + theme + after, word) + possessive;
          const text = words.map((w, i) => (i === index ? swapped : w)).join(' ');
          found.push({ text, score, original: phrase, theme });
        }
      }
    });
  }
  return found.sort((a, b) => b.score - a.score);
}

const FLOURISH: Record<string, readonly string[]> = {
  'Restaurant Name': ['Bistro', 'Kitchen', 'Diner', 'Grill', 'Eatery'],
  'Bakery Name': ['Bakery', 'Bakehouse'],
  'Coffee Shop Name': ['Café', 'Coffee House', 'Roasters'],
  'Hair Salon Name': ['Salon', 'Hair Studio'],
  'Food Truck Name': ['Truck', 'on Wheels'],
  'Gym Name': ['Gym', 'Fitness'],
  'Podcast Name': ['Podcast', 'Radio'],
};

/** Dresses the pun as the output asks: a shop gets a sign-board word now and then. */
function shape(text: string, output: string, random: () => number): string {
  const flourish = FLOURISH[output];
  if (flourish && text.split(' ').length <= 4 && random() < 0.5) {
    return `${text} ${flourish[Math.floor(random() * flourish.length)]}`;
  }
  if (output === 'Product Slogan' && !/[.!?]$/.test(text)) return `${text}!`;
  return text;
}

/** When no phrase has a sound-alike: a themed word blended into a phrase word it overlaps. */
function blend(themes: string[], phrases: readonly string[], random: () => number): string | null {
  const options: string[] = [];
  for (const phrase of phrases) {
    const words = phrase.split(' ');
    words.forEach((word, index) => {
      const lower = word.toLowerCase();
      for (const theme of themes) {
        for (let overlap = Math.min(theme.length, lower.length) - 1; overlap >= 2; overlap--) {
          if (theme.endsWith(lower.slice(0, overlap)) && lower.length > overlap + 1) {
            const merged = matchCase(theme + lower.slice(overlap), word);
            options.push(words.map((w, i) => (i === index ? merged : w)).join(' '));
            break;
          }
        }
      }
    });
  }
  return options.length ? (options[Math.floor(random() * options.length)] ?? null) : null;
}

export async function offlinePun(request: PunRequest): Promise<string> {
  await loadDictionary();
  const random = seededRandom(`${request.category}|${request.output}|${request.day}`);
  const themes = themesFor(request.category);
  const phrases = PHRASES_BY_OUTPUT[request.output] ?? ALL_PHRASES;
  const found = candidates(themes, phrases);
  // Among the best, one per phrase, let the day choose.
  const shortlist: Candidate[] = [];
  for (const c of found) {
    if (!shortlist.some((s) => s.original === c.original)) shortlist.push(c);
    if (shortlist.length === SHORTLIST) break;
  }
  let text = shortlist.length
    ? shortlist[Math.floor(random() * shortlist.length)]?.text
    : undefined;
  text ??= blend(themes, phrases, random) ?? undefined;
  if (!text && phrases !== ALL_PHRASES) text = candidates(themes, ALL_PHRASES)[0]?.text;
  if (!text)
    throw new PunGenerationFailed(`no pun found for ${request.category} + ${request.output}`);
  return sanitizePun(shape(text, request.output, random));
}

export function offlineGenerator(): PunGenerator {
  return { kind: 'offline', generate: (request) => offlinePun(request) };
}
