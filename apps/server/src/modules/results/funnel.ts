import type { Kysely } from 'kysely';
import { percentageOf, type DropOff, type Funnel } from '@quorum/contract';
import type { Database } from '../../db/schema';
import { readCompletionTimes } from '../tallies';

/**
 * A survey's funnel from its counters alone (never a scan of visits or responses): views, starts and completions,
 * the completion rate (completions ÷ views), the median time to complete, and per question of `questionIds` (the
 * current questions, in order) the visits that reached it and went on from it, zeros where nothing was counted.
 */
export async function readFunnel(
  db: Kysely<Database>,
  surveyId: string,
  questionIds: readonly string[],
): Promise<Funnel> {
  const [totals, perQuestion, times] = await Promise.all([
    db
      .selectFrom('survey_funnel')
      .select(['views', 'starts', 'completions'])
      .where('survey_id', '=', surveyId)
      .executeTakeFirst(),
    db
      .selectFrom('question_dropoff')
      .select(['question_id', 'reached', 'answered'])
      .where('survey_id', '=', surveyId)
      .execute(),
    readCompletionTimes(db, surveyId),
  ]);
  const byQuestion = new Map(perQuestion.map((row) => [row.question_id, row]));
  const views = Number(totals?.views ?? 0);
  const completions = Number(totals?.completions ?? 0);
  return {
    views,
    starts: Number(totals?.starts ?? 0),
    completions,
    completionRate: percentageOf(completions, views),
    medianCompletionSeconds: times.medianSeconds,
    dropOff: questionIds.map((questionId): DropOff => {
      const row = byQuestion.get(questionId);
      return { questionId, reached: Number(row?.reached ?? 0), answered: Number(row?.answered ?? 0) };
    }),
  };
}
