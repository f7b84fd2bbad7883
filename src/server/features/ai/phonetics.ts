// Sound comparison over the CMU pronouncing dictionary (ARPAbet phonemes): how alike two words
// sound, so "cod" can stand in for "god" and "pork" for "park".
type Dictionary = Record<string, string>;

let dictionary: Dictionary | undefined;

/** Loads the dictionary once (a 4.7 MB module; about half a second the first time). */
export async function loadDictionary(): Promise<void> {
  dictionary ??= (await import('cmu-pronouncing-dictionary')).dictionary as Dictionary;
}

const cache = new Map<string, string[] | null>();

/** The word's phonemes without stress marks, or null when the dictionary does not know it. */
export function phonemes(word: string): string[] | null {
  if (!dictionary) throw new Error('loadDictionary() first');
  const key = word.toLowerCase();
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const entry = dictionary[key];
  const result = entry ? entry.split(' ').map((p) => p.replace(/\d/g, '')) : null;
  cache.set(key, result);
  return result;
}

const VOWELS = new Set([
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
]);
// Consonants that sound nearly alike (voiced and voiceless pairs, nasals, liquids).
const NEAR_PAIRS = [
  ['P', 'B'],
  ['T', 'D'],
  ['K', 'G'],
  ['F', 'V'],
  ['S', 'Z'],
  ['TH', 'DH'],
  ['SH', 'ZH'],
  ['CH', 'JH'],
  ['M', 'N'],
  ['N', 'NG'],
  ['L', 'R'],
  ['W', 'V'],
  ['S', 'SH'],
  ['T', 'TH'],
];
const near = new Set(NEAR_PAIRS.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));

const isVowel = (p: string) => VOWELS.has(p);

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  if (isVowel(a) && isVowel(b)) return 0.5;
  if (near.has(`${a}|${b}`)) return 0.5;
  return 1;
}

function distance(a: string[], b: string[]): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      row[j] = Math.min(
        above + 1,
        (row[j - 1] ?? 0) + 1,
        diagonal + substitutionCost(a[i - 1] ?? '', b[j - 1] ?? ''),
      );
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

/** The sounds from the last vowel to the end: what makes two words rhyme. */
export function rhymeTail(p: string[]): string {
  for (let i = p.length - 1; i >= 0; i--) if (isVowel(p[i] ?? '')) return p.slice(i).join(' ');
  return p.join(' ');
}

const syllables = (p: string[]) => p.filter(isVowel).length;

/** 0..1: how alike two phoneme sequences sound (1 = they sound the same). */
export function soundAlike(a: string[], b: string[]): number {
  const similarity = 1 - distance(a, b) / Math.max(a.length, b.length);
  let bonus = 0;
  if (rhymeTail(a) === rhymeTail(b)) bonus += 0.15;
  if (syllables(a) === syllables(b)) bonus += 0.05;
  if (a[0] === b[0]) bonus += 0.05;
  return Math.min(1, Math.max(0, similarity + bonus));
}

/** Convenience for words: 0 when either is unknown. */
export function wordsSoundAlike(a: string, b: string): number {
  const pa = phonemes(a);
  const pb = phonemes(b);
  return pa && pb ? soundAlike(pa, pb) : 0;
}
