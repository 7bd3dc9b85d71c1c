import type { Kysely } from 'kysely';
import { isLanguageFilter, type ResultsFilter } from '@quorum/contract';
import type { Database } from '../../db/schema';
import { BadRequestError } from '../../lib/errors';
import { findSurveyLanguages, hasResponsesIn } from './results.repository';

/**
 * Refuses a filter's language conditions that name neither one of the survey's languages nor one its responses were
 * given in (a language the author has since removed): 400 LANGUAGE_NOT_OFFERED. Reads nothing without one.
 */
export async function checkFilterLanguages(
  db: Kysely<Database>,
  surveyId: string,
  filter: ResultsFilter,
): Promise<void> {
  const asked = (filter.filters ?? []).filter(isLanguageFilter).map((condition) => condition.language);
  if (asked.length === 0) return;
  const offered = await findSurveyLanguages(db, surveyId);
  for (const language of asked) {
    if (!offered.includes(language) && !(await hasResponsesIn(db, surveyId, language))) {
      throw new BadRequestError('LANGUAGE_NOT_OFFERED', { language });
    }
  }
}

/**
 * The per-language breakdown of the results: the survey's languages in order (default first) with the responses
 * given in each (0 included), then any other language responses were given in, most responses first.
 */
export function languageBreakdown(
  offered: readonly string[],
  counts: ReadonlyMap<string, number>,
): Array<{ language: string; responses: number }> {
  const others = [...counts]
    .filter(([language, count]) => count > 0 && !offered.includes(language))
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  return [
    ...offered.map((language) => ({ language, responses: counts.get(language) ?? 0 })),
    ...others.map(([language, responses]) => ({ language, responses })),
  ];
}
