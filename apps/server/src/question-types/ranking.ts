import type { QuestionResult } from '@quorum/contract';
import type { QuestionCounts, ServerQuestionType } from './types';
import {
  compositeKey,
  flagSettings,
  flagsFrom,
  listedStatistics,
  optionsFrom,
  pairCounts,
  sameSet,
  settingsFrom,
  settingsText,
} from './shared';

/** How often each option was put at each place: counter key [place, option], place 1 being the best. */
function placeCounts(counts: QuestionCounts): Map<string, Map<number, number>> {
  return pairCounts(counts, (place, option) =>
    typeof option === 'string' && typeof place === 'number' && Number.isInteger(place) && place >= 1
      ? [option, place]
      : undefined,
  );
}

/** Each option's average place (1 is best, two decimals), best first; options nobody ranked last, in option order. */
export function averageRanks(
  options: readonly string[],
  byOption: ReadonlyMap<string, ReadonlyMap<number, number>>,
): NonNullable<QuestionResult['ranking']> {
  const ranked = options.map((option, index) => {
    let total = 0;
    let times = 0;
    for (const [place, count] of byOption.get(option) ?? []) {
      total += place * count;
      times += count;
    }
    return { option, index, averageRank: times > 0 ? Math.round((total / times) * 100) / 100 : null };
  });
  ranked.sort((a, b) => {
    if (a.averageRank === null || b.averageRank === null) {
      return (a.averageRank === null ? 1 : 0) - (b.averageRank === null ? 1 : 0) || a.index - b.index;
    }
    return a.averageRank - b.averageRank || a.index - b.index;
  });
  return ranked.map(({ option, averageRank }) => ({ option, averageRank }));
}

/**
 * Every option once, in the respondent's order. Each option's place is a counter, so the average place of every
 * option and how often each came first are read from counters. `statistics` are the first choices.
 */
export const ranking: ServerQuestionType<'ranking'> = {
  toRow: (q) => ({
    options: JSON.stringify(q.options),
    rating_scale: null,
    settings: settingsText(flagSettings(q)),
  }),
  fromRow: (row) => ({
    id: row.id,
    text: row.text,
    type: 'ranking',
    options: optionsFrom(row.options),
    ...flagsFrom('ranking', settingsFrom(row.settings)),
  }),
  // An answer lists every option: another set of options would leave stored rankings incomplete.
  keepsAnswers: (before, after) => sameSet(before.options, after.options),
  countAnswer(_q, value, count) {
    if (Array.isArray(value)) value.forEach((option, index) => count(compositeKey(index + 1, option)));
    return 0;
  },
  results(q, counts, statistic) {
    const byOption = placeCounts(counts);
    const firsts = new Map<string, number>();
    for (const [option, places] of byOption) firsts.set(option, places.get(1) ?? 0);
    return {
      statistics: listedStatistics(q.options, firsts, statistic),
      ranking: averageRanks(q.options, byOption),
    };
  },
};
