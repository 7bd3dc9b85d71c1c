import type { Kysely, Transaction } from 'kysely';
import type { AnswerValue, Question, SurveyState } from '@quorum/contract';
import type { Db, Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { emptyTally, tallyResponse, tallyRows } from '../results/answer-tally';
import { questionFromRow, STORED_QUESTION_COLUMNS } from '../surveys/question-row';
import { settingsFromRow, type SurveySettings } from '../surveys/survey-settings-row';

type Executor = Kysely<Database> | Transaction<Database>;

/** One accepted response: answers already checked, keyed by question id, in stored form. */
export interface NewResponse {
  id: string;
  submittedAt: string;
  answers: Record<string, AnswerValue>;
  /** The declared hidden fields it came with; absent or null for none. */
  hiddenFields?: Record<string, string> | null;
  /** The browser's random id, kept only on surveys with one response per browser; absent or null for none. */
  respondentId?: string | null;
}

/** The survey columns the settings are read from. */
const SETTINGS_COLUMNS = [
  'opens_at',
  'closes_at',
  'response_limit',
  'one_response_per_browser',
  'hidden_fields',
  'welcome',
  'thank_you',
] as const;

/** What a respondent may see of a survey, with its current (non-deleted) questions in order. */
export interface SurveyForTaking {
  id: string;
  projectId: string;
  title: string;
  brandingImageUrl: string | null;
  state: SurveyState;
  questions: Question[];
  settings: SurveySettings;
}

/** Rows per INSERT statement: far below the bound-parameter limits of both dialects. */
const CHUNK = 500;

async function currentQuestions(db: Executor, surveyId: string): Promise<Question[]> {
  const rows = await db
    .selectFrom('questions')
    .select(STORED_QUESTION_COLUMNS)
    .where('survey_id', '=', surveyId)
    .where('is_deleted', '=', 0)
    .orderBy('position')
    .execute();
  return rows.map(questionFromRow);
}

/** A survey and its current questions, whatever its state; undefined when the id is unknown. */
export async function findSurveyForTaking(
  db: Kysely<Database>,
  surveyId: string,
): Promise<SurveyForTaking | undefined> {
  const survey = await db
    .selectFrom('surveys')
    .select(['id', 'project_id', 'title', 'branding_image_url', 'state', ...SETTINGS_COLUMNS])
    .where('id', '=', surveyId)
    .executeTakeFirst();
  if (!survey) return undefined;
  return {
    id: survey.id,
    projectId: survey.project_id,
    title: survey.title,
    brandingImageUrl: survey.branding_image_url,
    state: survey.state,
    questions: await currentQuestions(db, surveyId),
    settings: settingsFromRow(survey),
  };
}

/**
 * Records accepted responses of one survey in ONE transaction: the response rows, the answer
 * counts and question totals that results read, and the survey's response count. Each response counts as
 * seen by every question on its path (`questionPath` of its answers, the path the check walked).
 */
export async function recordResponses(
  db: Db,
  surveyId: string,
  questions: Question[],
  items: NewResponse[],
): Promise<void> {
  if (items.length === 0) return;
  await db.kysely.transaction().execute((trx) => writeResponses(trx, surveyId, questions, items));
}

/**
 * The write itself, inside the caller's transaction. Counts are added as deltas with upserts, so
 * concurrent writers (several instances on PostgreSQL) never lose an increment; keys are sorted so
 * concurrent transactions lock rows in the same order. Returns the survey's new response count.
 */
export async function writeResponses(
  trx: Executor,
  surveyId: string,
  questions: Question[],
  items: NewResponse[],
): Promise<number> {
  if (items.length === 0) return 0;
  for (let i = 0; i < items.length; i += CHUNK) {
    await trx
      .insertInto('responses')
      .values(
        items.slice(i, i + CHUNK).map((item) => ({
          id: item.id,
          survey_id: surveyId,
          submitted_at: item.submittedAt,
          answers: JSON.stringify(item.answers),
          hidden_fields: item.hiddenFields ? JSON.stringify(item.hiddenFields) : null,
          respondent_id: item.respondentId ?? null,
        })),
      )
      .execute();
  }

  const tally = emptyTally();
  for (const item of items) tallyResponse(tally, questions, item.answers);
  const rows = tallyRows(tally);
  const countRows = rows.counts.map((row) => ({ survey_id: surveyId, ...row }));
  for (let i = 0; i < countRows.length; i += CHUNK) {
    await trx
      .insertInto('answer_counts')
      .values(countRows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc
          .columns(['survey_id', 'question_id', 'answer'])
          .doUpdateSet((eb) => ({ count: eb('answer_counts.count', '+', eb.ref('excluded.count')) })),
      )
      .execute();
  }

  const totalRows = rows.totals.map((row) => ({ survey_id: surveyId, ...row }));
  for (let i = 0; i < totalRows.length; i += CHUNK) {
    await trx
      .insertInto('question_totals')
      .values(totalRows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['survey_id', 'question_id']).doUpdateSet((eb) => ({
          answered: eb('question_totals.answered', '+', eb.ref('excluded.answered')),
          rating_sum: eb('question_totals.rating_sum', '+', eb.ref('excluded.rating_sum')),
          seen: eb('question_totals.seen', '+', eb.ref('excluded.seen')),
        })),
      )
      .execute();
  }

  const updated = await trx
    .updateTable('surveys')
    .set((eb) => ({ response_count: eb('response_count', '+', items.length) }))
    .where('id', '=', surveyId)
    .returning('response_count')
    .executeTakeFirst();
  return Number(updated?.response_count ?? 0);
}

/** The state, settings and current questions of a survey, read inside a write transaction. */
export interface LockedSurvey {
  state: SurveyState;
  questions: Question[];
  settings: SurveySettings;
  /** Responses stored so far. */
  responseCount: number;
  /** Of the respondent ids asked about, those that already have a response to this survey. */
  answeredRespondentIds: ReadonlySet<string>;
}

/** What `decide` picks for one survey: the responses to record, and whether recording them closes the survey. */
export interface BatchDecision {
  questions: Question[];
  items: NewResponse[];
  /** Set the survey's state to closed in the same transaction (its response limit is reached). */
  close?: boolean;
}

/**
 * Group commit: in ONE transaction, for each survey (in id order), lock its row (PostgreSQL; SQLite
 * transactions are serial), read its state, settings, response count and current questions (and which of
 * `respondentIds` already answered it), let `decide` pick which responses to record against that fresh view, and
 * record them; a survey whose response limit they reach is closed in that same transaction. So every instance
 * decides on the count the previous transaction left: a limit is never passed. Returns each survey's new
 * response count. `decide` must be synchronous and must not throw; whatever it leaves out is not written.
 */
export async function recordBatch(
  db: Db,
  surveys: ReadonlyMap<string, readonly string[]>,
  decide: (surveyId: string, survey: LockedSurvey | undefined) => BatchDecision,
  closedAt: () => string,
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  await db.kysely.transaction().execute(async (trx) => {
    for (const surveyId of [...surveys.keys()].sort()) {
      const locked = await lockSurvey(trx, db.dialect, surveyId, surveys.get(surveyId) ?? []);
      const { questions, items, close } = decide(surveyId, locked);
      if (items.length > 0) totals.set(surveyId, await writeResponses(trx, surveyId, questions, items));
      if (close) {
        await trx
          .updateTable('surveys')
          .set({ state: 'closed', updated_at: closedAt() })
          .where('id', '=', surveyId)
          .where('state', '=', 'active')
          .execute();
      }
    }
  });
  return totals;
}

async function lockSurvey(
  trx: Executor,
  dialect: Dialect,
  surveyId: string,
  respondentIds: readonly string[],
): Promise<LockedSurvey | undefined> {
  const query = trx
    .selectFrom('surveys')
    .select(['state', 'response_count', ...SETTINGS_COLUMNS])
    .where('id', '=', surveyId);
  const survey = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!survey) return undefined;
  const answered =
    respondentIds.length === 0
      ? []
      : await trx
          .selectFrom('responses')
          .select('respondent_id')
          .where('survey_id', '=', surveyId)
          .where('respondent_id', 'in', [...new Set(respondentIds)])
          .execute();
  return {
    state: survey.state,
    questions: await currentQuestions(trx, surveyId),
    settings: settingsFromRow(survey),
    responseCount: Number(survey.response_count),
    answeredRespondentIds: new Set(answered.map((r) => r.respondent_id).filter((id): id is string => id !== null)),
  };
}

/** Account deletion: every response to every survey the user owns. */
export async function deleteResponsesOfOwner(trx: Executor, userId: string): Promise<number> {
  const result = await trx
    .deleteFrom('responses')
    .where('survey_id', 'in', (eb) => eb.selectFrom('surveys').select('id').where('user_id', '=', userId))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
