import { i18n } from '@/i18n/i18n';

/**
 * The label of the n-th question (1-based) on the screen, in the interface's language: "Q2: Favourite colour" in
 * English as in the CSV (the contract's `questionLabel`), "F2: …" in German; "(deleted)" after a deleted one.
 */
export function questionLabel(n: number, text: string, isDeleted = false): string {
  return i18n.t(isDeleted ? 'results:cards.labelDeleted' : 'results:cards.label', { number: n, text });
}
