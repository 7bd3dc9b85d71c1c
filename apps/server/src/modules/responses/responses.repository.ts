import type { Kysely, QueryCreator, Transaction } from 'kysely';
import { DEFAULT_SURVEY_LANGUAGE, type AnswerValue, type Question, type SurveyState } from '@quorum/contract';
import type { Db, Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type {
  ProjectedResponse,
  ProjectedSurvey,
  ResponseLinks,
  ResponseProjection,
} from '../../lib/response-projection';
import { parseAnswers } from './stored-answers';
import { textFingerprint } from './text-fingerprint';
import {
  questionFromRow,
  STORED_QUESTION_COLUMNS,
  settingsFromRow,
  type SurveySettings,
  languagesFromRow,
  type SurveyLanguages,
} from '../surveys';

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
  /** The visit (POST …/visits) the respondent says this response ends; absent or null for none. */
  visitId?: string | null;
  /** The survey language it was answered in (its answers are in the default language already); absent: English. */
  language?: string;
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
  'notify_on_response',
] as const;

/** What a respondent may see of a survey, with its current (non-deleted) questions in order. */
export interface SurveyForTaking {
  id: string;
  projectId: string;
  title: string;
  brandingImageUrl: string | null;
  state: SurveyState;
  /** Goes up with every save of the survey, so a copy of its questions is current when its version is. */
  version: number;
  questions: Question[];
  settings: SurveySettings;
  languages: SurveyLanguages;
}

/** A survey's questions as of one of its versions: what a writer may reuse instead of reading them again. */
export interface KnownQuestions {
  version: number;
  questions: Question[];
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
    .select([
      'id',
      'project_id',
      'title',
      'branding_image_url',
      'state',
      'version',
      'default_language',
      'translations',
      ...SETTINGS_COLUMNS,
    ])
    .where('id', '=', surveyId)
    .executeTakeFirst();
  if (!survey) return undefined;
  return {
    id: survey.id,
    projectId: survey.project_id,
    title: survey.title,
    brandingImageUrl: survey.branding_image_url,
    state: survey.state,
    // Read after the survey's row: a save between the two reads pairs the older version with newer questions,
    // which a writer only reuses for that older version (never current again), so it reads them afresh.
    version: Number(survey.version),
    questions: await currentQuestions(db, surveyId),
    settings: settingsFromRow(survey),
    languages: languagesFromRow(survey),
  };
}

/**
 * Records accepted responses of one survey in ONE transaction: the response rows, what each projection keeps of
 * them (`writeResponses`) and the survey's response count. The batch form of the write path (the benchmarks seed
 * through it).
 */
export async function recordResponses(
  db: Db,
  projections: readonly ResponseProjection[],
  surveyId: string,
  questions: Question[],
  items: NewResponse[],
): Promise<void> {
  if (items.length === 0) return;
  await db.kysely
    .transaction()
    .execute((trx) => writeResponses(trx, db.dialect, projections, surveyId, questions, items));
}

/**
 * The write itself, inside the caller's transaction: first each projection's `prepare` (the funnel ends the visits
 * the responses name), then the response rows with what those answered and each response's text fingerprint (the
 * duplicate flag), then every projection's rows for them, then the survey's response count. On PostgreSQL a batch
 * of up to CHUNK rows per table is ONE statement: each table's rows in a data-modifying `with` clause (PostgreSQL
 * runs them all, on one snapshot, whether or not the statement reads them) and the survey's count as the main
 * update; one round trip instead of one per table, for the same rows and locks in the same order. Returns the
 * survey's new response count.
 */
export async function writeResponses(
  trx: Executor,
  dialect: Dialect,
  projections: readonly ResponseProjection[],
  surveyId: string,
  questions: Question[],
  items: NewResponse[],
): Promise<number> {
  if (items.length === 0) return 0;
  const facts = items.map((item) => ({ id: item.id, submittedAt: item.submittedAt, visitId: item.visitId ?? null }));
  const links: ResponseLinks[] = [];
  for (const projection of projections) {
    if (projection.prepare) links.push(await projection.prepare(trx, dialect, surveyId, facts));
  }
  const linkOf = (id: string) => links.find((found) => found.has(id))?.get(id);
  const stored: ProjectedResponse[] = [];
  const responseRows = items.map((item) => {
    const link = linkOf(item.id);
    stored.push({
      id: item.id,
      submittedAt: item.submittedAt,
      answers: item.answers,
      visitId: link?.visitId ?? null,
      durationMs: link?.durationMs ?? null,
    });
    return {
      id: item.id,
      survey_id: surveyId,
      submitted_at: item.submittedAt,
      answers: JSON.stringify(item.answers),
      hidden_fields: item.hiddenFields ? JSON.stringify(item.hiddenFields) : null,
      respondent_id: item.respondentId ?? null,
      duration_ms: link?.durationMs ?? null,
      visit_id: link?.visitId ?? null,
      text_hash: textFingerprint(questions, item.answers),
      language: item.language ?? DEFAULT_SURVEY_LANGUAGE,
    };
  });
  const writes = projections.map((projection) => projection.stored({ id: surveyId, questions }, stored));
  const rows = Math.max(items.length, ...writes.map((w) => w.rows));
  if (dialect === 'postgres' && rows <= CHUNK) {
    // Each `with` widens the builder's type by its name; the main statement reads none of them.
    let statement = trx.with('new_responses', (db) =>
      db.insertInto('responses').values(responseRows),
    ) as unknown as QueryCreator<Database>;
    for (const w of writes) statement = w.withClauses(statement);
    return addToResponseCount(statement, surveyId, items.length);
  }
  for (let i = 0; i < responseRows.length; i += CHUNK) {
    await trx
      .insertInto('responses')
      .values(responseRows.slice(i, i + CHUNK))
      .execute();
  }
  for (const w of writes) await w.write(trx);
  return addToResponseCount(trx, surveyId, items.length);
}

async function addToResponseCount(trx: QueryCreator<Database>, surveyId: string, added: number): Promise<number> {
  const updated = await trx
    .updateTable('surveys')
    .set((eb) => ({ response_count: eb('response_count', '+', added) }))
    .where('id', '=', surveyId)
    .returning('response_count')
    .executeTakeFirst();
  return Number(updated?.response_count ?? 0);
}

/** The state, settings and current questions of a survey, read inside a write transaction. */
export interface LockedSurvey {
  state: SurveyState;
  version: number;
  title: string;
  ownerId: string;
  /** Enabled webhooks (events are written for them only when there are some). */
  webhookCount: number;
  questions: Question[];
  settings: SurveySettings;
  /** Responses stored so far. */
  responseCount: number;
  /** Of the respondent ids asked about, those that already have a response to this survey. */
  answeredRespondentIds: ReadonlySet<string>;
  /** The survey's languages: read only when asked for (a response of the batch was answered in a translation). */
  languages?: SurveyLanguages;
}

/** Closes an active survey whose response limit a batch reached; whether it was active until now. */
export async function closeSurveyAtLimit(trx: Executor, surveyId: string, at: string): Promise<boolean> {
  const closed = await trx
    .updateTable('surveys')
    .set({ state: 'closed', updated_at: at })
    .where('id', '=', surveyId)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) > 0;
}

/**
 * The survey's row (locked on PostgreSQL) and its current questions: those of `known` when its version is the row's
 * (every save of the questions raises the version in the same transaction, under this same lock), else read again.
 */
export async function lockSurveyForWriting(
  trx: Executor,
  dialect: Dialect,
  surveyId: string,
  respondentIds: readonly string[],
  known: KnownQuestions | undefined,
  readsLanguages: boolean,
): Promise<LockedSurvey | undefined> {
  const query = trx
    .selectFrom('surveys')
    .select(['state', 'title', 'user_id', 'webhook_count', 'response_count', 'version', ...SETTINGS_COLUMNS])
    // The translations only when a response needs them: a batch in the default language reads what it always did.
    .$if(readsLanguages, (q) => q.select(['default_language', 'translations']))
    .where('id', '=', surveyId);
  const survey = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!survey) return undefined;
  const version = Number(survey.version);
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
    version,
    title: survey.title,
    ownerId: survey.user_id,
    webhookCount: Number(survey.webhook_count),
    questions: known?.version === version ? known.questions : await currentQuestions(trx, surveyId),
    settings: settingsFromRow(survey),
    responseCount: Number(survey.response_count),
    answeredRespondentIds: new Set(answered.map((r) => r.respondent_id).filter((id): id is string => id !== null)),
    ...(readsLanguages ? { languages: languagesFromRow(survey) } : {}),
  };
}

/**
 * Deletes one response inside the caller's transaction (the survey's row already locked) and takes it out of every
 * projection (its "Other" texts, answer counts, question totals, timeline, completion time; the funnel's completion
 * and the visit it ended) and of the survey's response count. Answers the survey's new response count, or undefined
 * when there was no such response (deleted a moment ago, say): then nothing changed.
 */
export async function deleteSurveyResponse(
  trx: Transaction<Database>,
  dialect: Dialect,
  projections: readonly ResponseProjection[],
  survey: ProjectedSurvey,
  responseId: string,
): Promise<number | undefined> {
  const query = trx
    .selectFrom('responses')
    .select(['id', 'submitted_at', 'answers', 'duration_ms', 'visit_id'])
    .where('id', '=', responseId)
    .where('survey_id', '=', survey.id);
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!row) return undefined;
  const deleted = await trx.deleteFrom('responses').where('id', '=', row.id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return undefined;
  const response: ProjectedResponse = {
    id: row.id,
    submittedAt: row.submitted_at,
    answers: parseAnswers(row.answers),
    visitId: row.visit_id,
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
  };
  // Rows first, then counters: the order a submission writes in.
  for (const projection of projections) await projection.deleted(trx, survey, response);
  const updated = await trx
    .updateTable('surveys')
    .set((eb) => ({ response_count: eb('response_count', '-', 1) }))
    .where('id', '=', survey.id)
    .where('response_count', '>', 0)
    .returning('response_count')
    .executeTakeFirst();
  return Number(updated?.response_count ?? 0);
}

/** Deleting workspaces' surveys for good: every response to every survey in them. */
export async function deleteResponsesInWorkspaces(trx: Executor, workspaceIds: readonly string[]): Promise<number> {
  const result = await trx
    .deleteFrom('responses')
    .where('survey_id', 'in', (eb) => eb.selectFrom('surveys').select('id').where('workspace_id', 'in', workspaceIds))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
