// Deterministic text pieces for the bench corpus: a seeded PRNG and a fixed word list.

/**
 * mulberry32: a tiny, fast 32-bit seeded PRNG. Same seed → same sequence.
 * @param {number} seed
 */
export function createRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** Integer in [min, max], both inclusive. */
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  return { next, int, pick };
}

// Plain lowercase ASCII words only, so GitHub-style heading slugs are simply the
// words joined by "-" and nothing needs escaping in Markdown or YAML.
export const WORDS = `
relation tuple schema query model engine database graph node edge value type entity
module library function argument result output input table column row index key
constraint integrity rule logic reasoning inference derived base transaction commit
session client server request response stream batch partition shard cluster replica
storage memory cache buffer page block file folder path route anchor heading section
topic chapter guide reference example sample pattern template layout theme sidebar
search token parser compiler optimizer planner executor operator aggregate sum count
average minimum maximum ordering grouping filter projection join union difference
intersection product domain range variable constant literal expression formula term
predicate quantifier existential universal binding scope closure recursion iteration
fixpoint stratum negation default override annotation integer float decimal string
symbol date time duration interval calendar timezone version release update change
history snapshot backup restore import export format loader reader writer encoder
decoder config option setting flag profile account user role permission policy audit
metric trace event signal handler callback promise future worker thread process task
queue scheduler timer retry timeout limit quota budget cost estimate measure benchmark
careful quick simple direct clear stable linear parallel local global shared static
dynamic lazy eager strict loose strong weak small large early late first last next
`.trim().split(/\s+/);

/** Upper-cases the first letter. */
export const capitalize = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * GitHub-style heading slug for the ASCII text this corpus produces (lowercase,
 * punctuation other than "-" dropped, spaces to "-"), as github-slugger does.
 */
export const slugify = (text) =>
  text.toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');

/** `count` random words from the list. */
export function words(rand, count) {
  const out = [];
  for (let i = 0; i < count; i++) out.push(rand.pick(WORDS));
  return out;
}

/** One sentence of 8–16 words, capitalised and ending in a full stop. */
export function sentence(rand) {
  const w = words(rand, rand.int(8, 16));
  w[0] = capitalize(w[0]);
  return `${w.join(' ')}.`;
}

/** A paragraph of 3–5 sentences. */
export function paragraph(rand) {
  const out = [];
  const n = rand.int(3, 5);
  for (let i = 0; i < n; i++) out.push(sentence(rand));
  return out.join(' ');
}

/** A title-cased phrase of `min`–`max` words. */
export function titlePhrase(rand, min, max) {
  return words(rand, rand.int(min, max)).map(capitalize).join(' ');
}
