/**
 * Small, dependency-free text helpers for the built-in generator: folding, tokens with their positions,
 * word lists written as text, a stable hash and casing. Everything here is pure and deterministic.
 */

/** A comma-separated word list written as text (phrases keep their spaces). */
export function list(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/** A whitespace-separated word list written as text. */
export function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** Lowercase, accents removed, so "Événement", "evenement" and "ÉVÉNEMENT" compare equal. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

export interface Token {
  /** As written, including a possessive "'s". */
  raw: string;
  /** Folded (lowercase, no accents), without a trailing possessive. */
  norm: string;
  start: number;
  end: number;
}

/** Words (letters and digits, with inner hyphens or apostrophes) and where they are. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu)) {
    const raw = match[0];
    let norm = fold(raw).replace(/’/g, "'");
    // French and Italian elision: "l'accueil" → "accueil", "dell'evento" → "evento".
    const elided = /^(?:l|d|qu|dell|all|nell|sull|un|j|n|s|c)'(.+)$/.exec(norm);
    if (elided) norm = elided[1]!;
    norm = norm.replace(/'s$/, '');
    tokens.push({ raw, norm, start: match.index, end: match.index + raw.length });
  }
  return tokens;
}

/** FNV-1a, 32 bits: a stable number from the idea, to vary wording without randomness. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** "weekend jazz festival" → "Weekend Jazz Festival"; short joining words stay lowercase. */
export function titleCase(text: string): string {
  const small = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'for', 'in', 'on', 'at', 'to', 'by', 'with']);
  return text
    .split(/(\s+)/)
    .map((word, index) => {
      if (/^\s+$/.test(word) || word === '') return word;
      if (index > 0 && small.has(word.toLowerCase())) return word.toLowerCase();
      if (/[A-Z]/.test(word.slice(1))) return word; // iPhone, NASA, McDonald's
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join('');
}

/** First letter uppercase, the rest as written. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Food" → "food", but "NASA" and "iPhone" stay as written. */
export function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** At most `max` characters, cut at a word boundary. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, max).replace(/\s+\S*$/, '');
}
