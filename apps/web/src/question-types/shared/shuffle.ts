// A respondent's own order of a question's options (or a matrix's rows): shuffled from a seed kept with their
// progress, so it stays the same across re-renders, steps back and reloads, and differs between respondents.

/** A 32-bit hash of a text (FNV-1a). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Numbers in [0, 1) from a 32-bit seed (mulberry32). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` in the order `key` gives them (the same key, the same order), as a new array. */
export function shuffled<T>(items: readonly T[], key: string): T[] {
  const random = generator(hash(key));
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/** A fresh seed for a new respondent. */
export function newSeed(): string {
  return Math.random().toString(36).slice(2, 12);
}
