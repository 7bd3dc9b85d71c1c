import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** One stored response as its detail reads it. */
export interface StoredResponseRow {
  id: string;
  submitted_at: string;
  answers: string;
  hidden_fields: string | null;
  duration_ms: number | null;
  visit_id: string | null;
  text_hash: string | null;
  language: string;
}

const COLUMNS = [
  'id',
  'submitted_at',
  'answers',
  'hidden_fields',
  'duration_ms',
  'visit_id',
  'text_hash',
  'language',
] as const;

const toStored = (row: StoredResponseRow): StoredResponseRow => ({
  ...row,
  duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
});

/** A response of a survey by its id; undefined for an unknown id or a response of another survey. */
export async function findSurveyResponse(
  db: Executor,
  surveyId: string,
  responseId: string,
): Promise<StoredResponseRow | undefined> {
  const row = await db
    .selectFrom('responses')
    .select(COLUMNS)
    .where('id', '=', responseId)
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  return row && toStored(row);
}
