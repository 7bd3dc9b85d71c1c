import type { InsightTheme } from '@quorum/contract';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a text is about a theme: it holds one of the theme's terms as a whole word (or words), whatever the case
 * ("Delivery was late" mentions "delivery", "redelivery" does not). A theme without terms is matched by the words
 * of its label.
 */
export function themeMatcher(theme: Pick<InsightTheme, 'label' | 'terms'>): (text: string) => boolean {
  const terms = (theme.terms.length > 0 ? theme.terms : theme.label.split(/\s+/))
    .map((term) => term.trim())
    .filter((term) => term !== '');
  if (terms.length === 0) return () => false;
  const words = terms.map((term) => escape(term).replace(/\s+/g, '\\s+')).join('|');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words})(?![\\p{L}\\p{N}])`, 'iu');
  return (text) => pattern.test(text);
}
