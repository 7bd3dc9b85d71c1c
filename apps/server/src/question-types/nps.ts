import { NPS_OPTIONS, type NpsSummary } from '@quorum/contract';
import type { QuestionCounts, ServerQuestionType } from './types';
import { listedStatistics } from './shared';

/**
 * The Net Promoter Score from the counts of each score: promoters gave 9 or 10, passives 7 or 8, detractors 0 to
 * 6; the score is % promoters − % detractors of everyone who answered, rounded to a whole number.
 */
export function npsSummary(counts: QuestionCounts): NpsSummary {
  let promoters = 0;
  let passives = 0;
  let detractors = 0;
  for (const [answer, count] of counts.byAnswer) {
    const score = Number(answer);
    if (!Number.isInteger(score) || score < 0 || score > 10) continue;
    if (score >= 9) promoters += count;
    else if (score >= 7) passives += count;
    else detractors += count;
  }
  const answered = promoters + passives + detractors;
  const score = answered > 0 ? Math.round(((promoters - detractors) / answered) * 100) : null;
  // Math.round(-0.4) is -0: written as 0.
  return { score: score === null ? null : score + 0, promoters, passives, detractors };
}

/** A score from 0 to 10: each score counts, and the sum gives the average. */
export const nps: ServerQuestionType<'nps'> = {
  toRow: (q) => ({ options: JSON.stringify(q.options), rating_scale: null, settings: null }),
  // The options are always 0 to 10, whatever the row holds.
  fromRow: (row) => ({ id: row.id, text: row.text, type: 'nps', options: [...NPS_OPTIONS] }),
  keepsAnswers: () => true,
  countAnswer(_q, value, count) {
    count(String(value));
    return Number(value);
  },
  results: (_q, counts, statistic) => ({
    statistics: listedStatistics(NPS_OPTIONS, counts.byAnswer, statistic),
    average: counts.answered > 0 ? counts.ratingSum / counts.answered : null,
    nps: npsSummary(counts),
  }),
};
