// The built-in pun generator: no network, a real pun for any category and output. It hides a
// sound-alike from the category inside a well-known phrase of the output's kind ("The Godfather"
// + Food -> "The Codfather"), swapping a whole word or the part of a word that is itself a word
// ("god" in "godfather"), ranked by how alike they sound. The day seeds the choice, so each day
// gets its own pun and the same day always the same one.
import { sanitizePun } from '#shared/sanitize';
import type { PunGenerator, PunRequest } from './generator.ts';
import { PunGenerationFailed } from './generator.ts';
import { loadDictionary, phoneDistance, type Sound, soundAlike, soundOfWord } from './phonetics.ts';
import { ALL_PHRASES, PHRASES_BY_OUTPUT } from './phrases.ts';
import { THEMES } from './themes.ts';

const STOP_WORDS = new Set(
  'the and of a an in on to for is it not or by at as with you your all but its are be'.split(' '),
);
// Words that hold a phrase together rather than carry it: swapping one ("Make Hay File the Sun
// Shines") is heard, but the joke lands on nothing.
const GLUE_WORDS = new Set(
  'while than when where what who how this that there then into over under upon about before after here some like just only ever from been done'.split(
    ' ',
  ),
);
/** Below this a swap is no longer heard as the original phrase. */
export const MIN_SCORE = 0.7;
/** The day picks among candidates this close to the best one, so a weak pun never beats a good one. */
const SHORTLIST_SPREAD = 0.12;
/** Enough choice that consecutive days rarely repeat, even when one swap is far ahead. */
const SHORTLIST_MIN = 4;
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
    return (replacement[0]?.toUpperCase() ?? '') + replacement.slice(1);
  return replacement;
}

/** Themed words for a category; an operator's own category lends its own words. */
export function themesFor(category: string): string[] {
  const known = THEMES[category];
  if (known) return [...known];
  return category
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w) && soundOfWord(w));
}

/** A place in a phrase where a themed word can go: a whole word, or a head or tail of one. */
interface Slot {
  index: number;
  sound: Sound;
  before: string;
  after: string;
  /** The spelled word being replaced (without a possessive 's). */
  word: string;
  possessive: string;
  partial: boolean;
  /** The piece carries the word's stress, so a listener hears the swap ("GOD|father"). */
  stressed: boolean;
}

/** A word's sound; compounds the dictionary lacks ("wonderwall") are read as their two halves. */
function soundOf(lower: string): Sound | null {
  const known = soundOfWord(lower);
  if (known) return known;
  for (let k = 3; k <= lower.length - 3; k++) {
    const head = soundOfWord(lower.slice(0, k));
    const tail = soundOfWord(lower.slice(k));
    if (head && tail) {
      const stressAt = head.stressAt;
      const ids = [...head.ids, ...tail.ids];
      return {
        ids,
        tail: ids.slice(Math.max(0, stressAt)).join(','),
        syllables: head.syllables + tail.syllables,
        stressed: head.stressed,
        stressAt,
      };
    }
  }
  return null;
}

// Cutting a letter pair that makes one sound ("roc|kets") or a double letter ("swal|lows") leaves
// nothing a reader can follow.
const UNCUTTABLE = /^(ck|ch|sh|th|ph|wh|ng|gh|(.)\2)$/;

/**
 * The head/tail splits of a word that a reader will still see through: the swapped piece must be
 * pronounced where it is spelled ("god|father", not "brea|king", where the letters "brea" are not
 * what "breaking" starts with), and what is left must be a word or a readable chunk ("fornia").
 */
function partialSlots(lower: string, whole: Sound): Array<Omit<Slot, 'index' | 'possessive'>> {
  const slots: Array<Omit<Slot, 'index' | 'possessive'>> = [];
  const all = whole.ids;
  for (let k = 3; k <= lower.length - 3; k++) {
    if (UNCUTTABLE.test(lower.slice(k - 1, k + 1))) continue;
    for (const [piece, rest, pieceFirst] of [
      [lower.slice(0, k), lower.slice(k), true],
      [lower.slice(k), lower.slice(0, k), false],
    ] as const) {
      // A three-letter tail is usually a suffix ("-ing", "-est"), not a word the reader sees.
      if (!pieceFirst && piece.length < 4) continue;
      const sound = soundOfWord(piece);
      if (!sound) continue;
      const n = sound.ids.length;
      if (n >= all.length) continue;
      const span = pieceFirst ? all.slice(0, n) : all.slice(all.length - n);
      const restSound = soundOfWord(rest);
      // With a leftover that is no word, only an exact sound match tells the reader where to cut.
      const slack = restSound && piece.length >= 4 ? 0.4 : 0;
      if (phoneDistance(sound.ids, span) > slack) continue;
      if (restSound) {
        const restSpan = pieceFirst ? all.slice(n) : all.slice(0, all.length - n);
        if (phoneDistance(restSound.ids, restSpan) > 0.4) continue;
      } else if (!readableChunk(rest, pieceFirst)) continue;
      const stressed = pieceFirst ? whole.stressAt < n : whole.stressAt >= all.length - n;
      slots.push({
        sound,
        before: pieceFirst ? '' : rest,
        after: pieceFirst ? rest : '',
        word: lower,
        partial: true,
        stressed,
      });
    }
  }
  return slots;
}

/** "fornia" reads as the rest of "California"; "ttle" or "asure" after a new head does not. */
function readableChunk(rest: string, comesAfter: boolean): boolean {
  if (rest.length < 4 || !/[aeiouy]/.test(rest)) return false;
  return comesAfter ? /^[^aeiouy][aeiouy]/.test(rest) : /[aeiouy][^aeiouy]?$/.test(rest);
}

const slotCache = new Map<string, Slot[]>();

function slotsOf(phrase: string): Slot[] {
  const cached = slotCache.get(phrase);
  if (cached) return cached;
  const slots: Slot[] = [];
  phrase.split(' ').forEach((raw, index) => {
    const possessive = raw.endsWith("'s") ? "'s" : '';
    const word = raw.slice(0, raw.length - possessive.length);
    const lower = word.toLowerCase();
    // Lower-case words in a title are its small words ("from", "with"): a swap there is lost.
    if (!/^[A-Z][a-z]+$/.test(word) || lower.length < 3 || STOP_WORDS.has(lower)) return;
    const whole = soundOf(lower);
    if (!whole) return;
    slots.push({
      index,
      sound: whole,
      before: '',
      after: '',
      word,
      possessive,
      partial: false,
      stressed: true,
    });
    for (const s of partialSlots(lower, whole)) slots.push({ ...s, word, index, possessive });
  });
  slotCache.set(phrase, slots);
  return slots;
}

/** Glues a themed word into the rest of a word the way English spells it ("brake"+"ing"). */
function join(before: string, theme: string, after: string): string {
  const head = /e$/.test(theme) && /^[aeiouy]/.test(after) ? theme.slice(0, -1) : theme;
  // "grill" + "ligan" would spell three l's in a row.
  return (before + head + after).replace(/(.)\1\1/g, '$1$1');
}

/** "Break a Leg" with "egg" must read "Break an Egg". */
function fixArticle(words: string[], index: number): string[] {
  const article = words[index - 1];
  const next = words[index] ?? '';
  if (article === undefined || !/^an?$/i.test(article)) return words;
  const vowel = /^[aeiou]/i.test(next) && !/^(u[nrs]e|eu|one)/i.test(next);
  const fixed = vowel ? `${article[0]}n` : (article[0] ?? 'a');
  return words.map((w, i) => (i === index - 1 ? fixed : w));
}

/** Every swap of a themed word into the phrases, scored by sound, best first. */
export function candidates(themes: readonly string[], phrases: readonly string[]): Candidate[] {
  const themed = themes.flatMap((theme) => {
    const sound = soundOfWord(theme);
    return sound ? [{ theme, sound }] : [];
  });
  const found: Candidate[] = [];
  for (const phrase of phrases) {
    const words = phrase.split(' ');
    // A one-word title changed is barely the title any more.
    const lonePenalty = words.length === 1 ? 0.12 : 0;
    for (const slot of slotsOf(phrase)) {
      const lowerWord = slot.word.toLowerCase();
      for (const { theme, sound } of themed) {
        if (lowerWord.includes(theme) || theme.includes(lowerWord)) continue;
        // Part of a word is funnier but harder to spot: a short word hidden in a long one less so,
        // and one hidden in an unstressed syllable least.
        // A themed word longer than the piece it replaces pushes the rest of the word apart
        // ("sur|fer" -> "Servefer").
        const penalty =
          lonePenalty +
          (slot.partial ? (theme.length < 4 ? 0.08 : 0.04) : 0) +
          (slot.partial && sound.ids.length > slot.sound.ids.length ? 0.05 : 0) +
          (slot.stressed ? 0 : 0.06) +
          (GLUE_WORDS.has(lowerWord) ? 0.06 : 0);
        const score = soundAlike(slot.sound, sound, MIN_SCORE + penalty) - penalty;
        if (score < MIN_SCORE) continue;
        const swapped =
          matchCase(join(slot.before, theme, slot.after), slot.word) + slot.possessive;
        const text = fixArticle(
          words.map((w, i) => (i === slot.index ? swapped : w)),
          slot.index,
        ).join(' ');
        found.push({ text, score, original: phrase, theme });
      }
    }
  }
  return found.sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
}

/** The best candidates, one per phrase and per themed word, so the days get real variety. */
export function shortlist(found: readonly Candidate[]): Candidate[] {
  const best = found[0]?.score ?? 0;
  const picked: Candidate[] = [];
  for (const c of found) {
    if (c.score < best - SHORTLIST_SPREAD && picked.length >= SHORTLIST_MIN) break;
    if (picked.some((s) => s.original === c.original || s.theme === c.theme)) continue;
    picked.push(c);
    if (picked.length === SHORTLIST) break;
  }
  return picked;
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
  if (flourish && text.split(' ').length <= 4 && random() < 0.4) {
    return `${text} ${flourish[Math.floor(random() * flourish.length)]}`;
  }
  if (output === 'Product Slogan' && !/[.!?]$/.test(text)) return `${text}!`;
  return text;
}

/**
 * When no phrase has a sound-alike: a portmanteau, a themed word fused with a phrase word that
 * starts with the letters the themed word ends with ("bread" + "Adventure" -> "Breadventure").
 * The longer the shared part, the more both words show through, so those come first.
 */
export function blend(
  themes: readonly string[],
  phrases: readonly string[],
  random: () => number,
): string | null {
  const options: Array<{ text: string; overlap: number }> = [];
  for (const phrase of phrases) {
    const words = phrase.split(' ');
    words.forEach((word, index) => {
      const lower = word.toLowerCase();
      if (!/^[A-Z][a-z]+$/.test(word) || STOP_WORDS.has(lower)) return;
      for (const theme of themes) {
        if (lower.includes(theme)) continue;
        for (let overlap = Math.min(theme.length, lower.length) - 1; overlap >= 2; overlap--) {
          if (theme.endsWith(lower.slice(0, overlap)) && lower.length > overlap + 1) {
            const merged = matchCase(theme + lower.slice(overlap), word);
            const text = words.map((w, i) => (i === index ? merged : w)).join(' ');
            options.push({ text, overlap });
            break;
          }
        }
      }
    });
  }
  if (options.length === 0) return null;
  const longest = Math.max(...options.map((o) => o.overlap));
  const best = options.filter((o) => o.overlap === longest);
  return best[Math.floor(random() * best.length)]?.text ?? null;
}

// The best swaps depend only on the challenge, not the day: worked out once per challenge.
const pools = new Map<string, Candidate[]>();
const POOL_CACHE_LIMIT = 2_000;

function poolFor(category: string, output: string): Candidate[] {
  const key = `${category}\u0000${output}`;
  const cached = pools.get(key);
  if (cached) return cached;
  const themes = themesFor(category);
  const phrases = PHRASES_BY_OUTPUT[output] ?? ALL_PHRASES;
  let pool = shortlist(candidates(themes, phrases));
  // An output with few phrases may have no good swap; any well-known phrase will do.
  if (pool.length === 0 && phrases !== ALL_PHRASES)
    pool = shortlist(candidates(themes, ALL_PHRASES));
  if (pools.size >= POOL_CACHE_LIMIT) pools.clear();
  pools.set(key, pool);
  return pool;
}

let ready: Promise<void> | undefined;

/**
 * Loads the dictionary and reads every phrase once (about 250 ms in all), so that any challenge
 * after the first costs only its scoring (a few ms) and a repeated one next to nothing.
 */
export function prepareOffline(): Promise<void> {
  ready ??= loadDictionary().then(() => {
    for (const phrase of ALL_PHRASES) slotsOf(phrase);
  });
  return ready;
}

export async function offlinePun(request: PunRequest): Promise<string> {
  await prepareOffline();
  const random = seededRandom(`${request.category}|${request.output}|${request.day}`);
  const pool = poolFor(request.category, request.output);
  let text = pool[Math.floor(random() * pool.length)]?.text;
  text ??=
    blend(themesFor(request.category), PHRASES_BY_OUTPUT[request.output] ?? ALL_PHRASES, random) ??
    undefined;
  if (!text)
    throw new PunGenerationFailed(`no pun found for ${request.category} + ${request.output}`);
  return sanitizePun(shape(text, request.output, random));
}

export function offlineGenerator(): PunGenerator {
  return { kind: 'offline', generate: (request) => offlinePun(request) };
}
