// Sound comparison over the CMU pronouncing dictionary (ARPAbet phonemes with stress digits): how
// alike two words sound, so "cod" can stand in for "god", "pork" for "park" and "pita" for "peter".
type Dictionary = Record<string, string>;

let dictionary: Dictionary | undefined;

/** Loads the dictionary once (a 4.6 MB module, about 150 ms the first time). */
export async function loadDictionary(): Promise<void> {
  dictionary ??= (await import('cmu-pronouncing-dictionary')).dictionary as Dictionary;
}

const VOWEL_LIST = [
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'EH',
  'ER',
  'EY',
  'IH',
  'IY',
  'OW',
  'OY',
  'UH',
  'UW',
];
const CONSONANT_LIST = [
  'B',
  'CH',
  'D',
  'DH',
  'F',
  'G',
  'HH',
  'JH',
  'K',
  'L',
  'M',
  'N',
  'NG',
  'P',
  'R',
  'S',
  'SH',
  'T',
  'TH',
  'V',
  'W',
  'Y',
  'Z',
  'ZH',
];
const PHONES = [...VOWEL_LIST, ...CONSONANT_LIST];
const ID = new Map(PHONES.map((p, i) => [p, i]));
const isVowelId = (id: number) => id < VOWEL_LIST.length;

// Pairs a listener easily hears as one another: vowels that sit next to each other in the mouth,
// voiced and voiceless consonants, nasals, liquids. Swapping these keeps a pun recognisable.
const CLOSE_PAIRS = [
  'AA AO',
  'AA AH',
  'AO OW',
  'AH ER',
  'AH UH',
  'AH EH',
  'AH IH',
  'IH IY',
  'IH EH',
  'EH AE',
  'EH EY',
  'AE AA',
  'UH UW',
  'OW UW',
  'AY EY',
  'P B',
  'T D',
  'K G',
  'F V',
  'S Z',
  'TH DH',
  'SH ZH',
  'CH JH',
  'M N',
  'N NG',
  'L R',
  'W V',
  'S SH',
  'T TH',
  'D DH',
  'ER R',
  'W R',
  'F TH',
  'HH F',
];

const N = PHONES.length;
/** Cost of hearing one sound in place of another, by phoneme id. */
const SUBSTITUTION = new Float64Array(N * N);
for (let a = 0; a < N; a++)
  for (let b = 0; b < N; b++) {
    const va = isVowelId(a);
    const vb = isVowelId(b);
    SUBSTITUTION[a * N + b] = a === b ? 0 : va && vb ? 0.75 : va !== vb ? 1.3 : 1;
  }
for (const pair of CLOSE_PAIRS) {
  const [a, b] = pair.split(' ').map((p) => ID.get(p) ?? -1);
  if (a === undefined || b === undefined || a < 0 || b < 0) throw new Error(`bad pair ${pair}`);
  SUBSTITUTION[a * N + b] = 0.4;
  SUBSTITUTION[b * N + a] = 0.4;
}
// Adding or dropping a consonant ("fries"/"rice") hurts less than adding a syllable.
const indel = (id: number) => (isVowelId(id) ? 1.2 : 0.8);

/** A pronunciation, with what the scoring needs worked out once. */
export interface Sound {
  /** Phoneme ids. */
  ids: readonly number[];
  /** Sounds from the stressed vowel on: what makes two words rhyme. */
  tail: string;
  syllables: number;
  /** Id of the stressed vowel (-1 if none). */
  stressed: number;
  /** Index in ids of the stressed vowel (-1 if none). */
  stressAt: number;
}

export function toSound(arpabet: string): Sound | null {
  const ids: number[] = [];
  let stressAt = -1;
  let lastVowel = -1;
  let syllables = 0;
  for (const raw of arpabet.split(' ')) {
    const digit = raw.at(-1);
    const id = ID.get(raw.replace(/\d$/, ''));
    if (id === undefined) return null;
    if (isVowelId(id)) {
      syllables++;
      lastVowel = ids.length;
      if (digit === '1') stressAt = ids.length;
    }
    ids.push(id);
  }
  if (stressAt < 0) stressAt = lastVowel;
  return {
    ids,
    tail: stressAt < 0 ? ids.join(',') : ids.slice(stressAt).join(','),
    syllables,
    stressed: stressAt < 0 ? -1 : (ids[stressAt] ?? -1),
    stressAt,
  };
}

const cache = new Map<string, Sound | null>();

/** The word's pronunciation (the dictionary's first), or null when it does not know the word. */
export function soundOfWord(word: string): Sound | null {
  if (!dictionary) throw new Error('loadDictionary() first');
  const key = word.toLowerCase();
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const entry = dictionary[key];
  const result = entry ? toSound(entry) : null;
  cache.set(key, result);
  return result;
}

/** The word's phonemes without stress, or null when the dictionary does not know it. */
export function phonemes(word: string): string[] | null {
  return soundOfWord(word)?.ids.map((id) => PHONES[id] ?? '?') ?? null;
}

const row = new Float64Array(64);

/** Weighted edit distance between phoneme id sequences. */
export function phoneDistance(a: readonly number[], b: readonly number[]): number {
  if (b.length >= row.length) return Number.POSITIVE_INFINITY;
  row[0] = 0;
  for (let j = 1; j <= b.length; j++) row[j] = (row[j - 1] ?? 0) + indel(b[j - 1] ?? 0);
  for (let i = 1; i <= a.length; i++) {
    const ai = a[i - 1] ?? 0;
    const del = indel(ai);
    let diagonal: number = row[0] ?? 0;
    row[0] = diagonal + del;
    for (let j = 1; j <= b.length; j++) {
      const above: number = row[j] ?? 0;
      const bj = b[j - 1] ?? 0;
      const best = Math.min(
        above + del,
        (row[j - 1] ?? 0) + indel(bj),
        diagonal + (SUBSTITUTION[ai * N + bj] ?? 1),
      );
      row[j] = best;
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

/**
 * 0..1: how alike two pronunciations sound (1 = homophones). A pun works when the listener still
 * hears the original, so the stressed vowel, the rhyme and the syllable count weigh extra.
 * Scores that cannot reach `floor` come back as 0 without the full comparison.
 */
export function soundAlike(a: Sound, b: Sound, floor = 0): number {
  const longest = Math.max(a.ids.length, b.ids.length, 4);
  // Each extra sound costs at least 0.8; the rhyme bonus below is at most 0.12.
  if (1 - (0.8 * Math.abs(a.ids.length - b.ids.length)) / (longest + 1) + 0.12 < floor) return 0;
  if (a.ids.length === b.ids.length && a.ids.every((id, i) => id === b.ids[i])) return 1;
  // Short words are measured as if four sounds long: one changed sound in "pie"/"my" is as
  // forgivable as in a longer word, since the rest of the phrase carries the recognition.
  const distance = phoneDistance(a.ids, b.ids);
  let score: number;
  if (a.tail === b.tail) {
    // Keeping the rhyme and changing only the onset ("cod"/"god", "bread"/"dead") is the
    // classic pun, so the onset may differ a little more than the rest of a word.
    score = 1 - distance / (longest + 1) + 0.12;
  } else {
    // Changing the end of the word ("man"/"map") is heard less well, a different stressed vowel
    // worse still.
    score = 1 - distance / longest;
    if (a.stressed !== b.stressed)
      score -= (SUBSTITUTION[a.stressed * N + b.stressed] ?? 1) <= 0.4 ? 0.03 : 0.1;
  }
  if (a.syllables !== b.syllables) score -= 0.12;
  return Math.min(0.98, Math.max(0, score));
}

/** Convenience for words: 0 when either is unknown. */
export function wordsSoundAlike(a: string, b: string): number {
  const sa = soundOfWord(a);
  const sb = soundOfWord(b);
  return sa && sb ? soundAlike(sa, sb) : 0;
}
