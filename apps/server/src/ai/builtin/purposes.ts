/**
 * The survey purposes the built-in generator knows, the most specific first: when two purposes score the
 * same in topic detection, the earlier one wins. `general` is the fallback when nothing points anywhere.
 * Each purpose has its words in detect-topic/purpose-words.ts and its questions in question-bank/.
 */
export const purposeIds = [
  'healthcare',
  'course',
  'website',
  'hotel',
  'restaurant',
  'employee',
  'event',
  'market',
  'nps',
  'product',
  'customer',
  'general',
] as const;
export type PurposeId = (typeof purposeIds)[number];
