import type { Kysely } from 'kysely';
import type { Question } from '@quorum/contract';
import type { Database } from '../../db/schema';
import { questionFromRow, STORED_QUESTION_COLUMNS } from '../surveys';
import type { ResponseDbRow } from '../results';

/** A question of the survey by id, current or deleted; undefined when the survey never had it. */
export async function findSurveyQuestion(
  db: Kysely<Database>,
  surveyId: string,
  questionId: string,
): Promise<Question | undefined> {
  const row = await db
    .selectFrom('questions')
    .select(STORED_QUESTION_COLUMNS)
    .where('survey_id', '=', surveyId)
    .where('id', '=', questionId)
    .executeTakeFirst();
  return row && questionFromRow(row);
}

/**
 * One page of a survey's responses, newest first, older than `before` (a response id) when given, submitted from
 * `from` (inclusive) to `to` (exclusive) when given. Walks the `(survey_id, id)` index from the newest, so a
 * reader that stops when it has enough never reads the rest.
 */
export async function listResponsesNewestFirst(
  db: Kysely<Database>,
  surveyId: string,
  options: { before?: string | undefined; from?: string | undefined; to?: string | undefined; limit: number },
): Promise<ResponseDbRow[]> {
  let query = db
    .selectFrom('responses')
    .select(['id', 'submitted_at', 'answers', 'hidden_fields', 'duration_ms', 'text_hash', 'language'])
    .where('survey_id', '=', surveyId);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  if (options.from !== undefined) query = query.where('submitted_at', '>=', options.from);
  if (options.to !== undefined) query = query.where('submitted_at', '<', options.to);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}
