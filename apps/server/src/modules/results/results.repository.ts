import type { Kysely } from 'kysely';
import type { Database, QuestionsTable, SurveysTable } from '../../db/schema';
import {
  settingsFromRow,
  languagesFromRow,
  languagesOf,
  STORED_QUESTION_COLUMNS,
  type StoredQuestion,
} from '../surveys';
import {
  listAnswerCounts,
  listNewestOtherTexts,
  listQuestionTotals,
  listTimelineQuarters,
  type AnswerCountRow,
  type QuestionTotalRow,
} from '../tallies';

export type ResultsSurveyRow = Pick<
  SurveysTable,
  'id' | 'user_id' | 'title' | 'project_id' | 'state' | 'closes_at' | 'response_count'
>;

export type ResultsQuestionRow = StoredQuestion & Pick<QuestionsTable, 'position' | 'is_deleted'>;

export interface ResponseDbRow {
  id: string;
  submitted_at: string;
  answers: string;
  hidden_fields: string | null;
  /** A bigint: PostgreSQL hands it over as text, so read it with Number(). */
  duration_ms: number | null;
  text_hash: string | null;
  /** The survey language it was answered in. */
  language: string;
}

/** The columns of a response the results read. */
const RESPONSE_COLUMNS = [
  'id',
  'submitted_at',
  'answers',
  'hidden_fields',
  'duration_ms',
  'text_hash',
  'language',
] as const;

/** `submitted_at` in [from, to): either bound may be left out. */
export interface SubmittedRange {
  from?: string | undefined;
  to?: string | undefined;
}

export async function findResultsSurvey(db: Kysely<Database>, surveyId: string): Promise<ResultsSurveyRow | undefined> {
  const row = await db
    .selectFrom('surveys')
    .select(['id', 'user_id', 'title', 'project_id', 'state', 'closes_at', 'response_count'])
    .where('id', '=', surveyId)
    .executeTakeFirst();
  return row && { ...row, response_count: Number(row.response_count) };
}

/** Every question ever asked: current ones in order, then deleted ones. */
export async function listResultQuestions(db: Kysely<Database>, surveyId: string): Promise<ResultsQuestionRow[]> {
  return db
    .selectFrom('questions')
    .select([...STORED_QUESTION_COLUMNS, 'position', 'is_deleted'])
    .where('survey_id', '=', surveyId)
    .orderBy('is_deleted', 'asc')
    .orderBy('position', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/**
 * One page of responses, newest first, older than `before` (a response id) when given, submitted within
 * [from, to) when given. UUIDv7 ids are time-ordered, so `(survey_id, id)` is both the index and a stable cursor:
 * responses stored while a client pages are newer than its cursor and never shift later pages.
 */
export async function listResponsesBefore(
  db: Kysely<Database>,
  surveyId: string,
  options: { before?: string | undefined; limit: number } & SubmittedRange,
): Promise<ResponseDbRow[]> {
  let query = db.selectFrom('responses').select(RESPONSE_COLUMNS).where('survey_id', '=', surveyId);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  if (options.from !== undefined) query = query.where('submitted_at', '>=', options.from);
  if (options.to !== undefined) query = query.where('submitted_at', '<', options.to);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

/**
 * One page of responses, oldest first, after `after` and up to `upTo` (both response ids), submitted within
 * [from, to) when given. For the exports and the filtered results.
 */
export async function listResponsesAfter(
  db: Kysely<Database>,
  surveyId: string,
  options: { after?: string | undefined; upTo: string; limit: number } & SubmittedRange,
): Promise<ResponseDbRow[]> {
  let query = db
    .selectFrom('responses')
    .select(RESPONSE_COLUMNS)
    .where('survey_id', '=', surveyId)
    .where('id', '<=', options.upTo);
  if (options.after !== undefined) query = query.where('id', '>', options.after);
  if (options.from !== undefined) query = query.where('submitted_at', '>=', options.from);
  if (options.to !== undefined) query = query.where('submitted_at', '<', options.to);
  return query.orderBy('id', 'asc').limit(options.limit).execute();
}

/** A response as a pass over many reads it: only the columns it needs (see scanResponsesAfter). */
export type ScannedRow = Pick<ResponseDbRow, 'id' | 'submitted_at' | 'answers' | 'language'> &
  Partial<Pick<ResponseDbRow, 'hidden_fields' | 'duration_ms' | 'text_hash'>>;

/**
 * Like listResponsesAfter, for a pass over every response of a survey: reads the hidden fields only when asked,
 * and never the quality columns, since every column read costs at a hundred thousand rows.
 */
export async function scanResponsesAfter(
  db: Kysely<Database>,
  surveyId: string,
  options: {
    after?: string | undefined;
    upTo: string;
    limit: number;
    hiddenFields: boolean;
    /** Leaves out responses faster than this (the speeders); those without a time stay. */
    notFasterThanMs?: number | undefined;
  } & SubmittedRange,
): Promise<ScannedRow[]> {
  const columns: (typeof RESPONSE_COLUMNS)[number][] = ['id', 'submitted_at', 'answers', 'language'];
  if (options.hiddenFields) columns.push('hidden_fields');
  let query = db
    .selectFrom('responses')
    .select(columns)
    .where('survey_id', '=', surveyId)
    .where('id', '<=', options.upTo);
  if (options.after !== undefined) query = query.where('id', '>', options.after);
  if (options.from !== undefined) query = query.where('submitted_at', '>=', options.from);
  if (options.to !== undefined) query = query.where('submitted_at', '<', options.to);
  const floor = options.notFasterThanMs;
  if (floor !== undefined) {
    query = query.where((eb) => eb.or([eb('duration_ms', 'is', null), eb('duration_ms', '>=', floor)]));
  }
  return query.orderBy('id', 'asc').limit(options.limit).execute();
}

/**
 * The ids of the survey's duplicates up to `upTo`: responses with a non-null text hash that an earlier response
 * (smaller id) of the survey shares. The hashes given more than once come from the partial index on
 * `(survey_id, text_hash)` alone (a grouped index scan); only the responses holding those are read, and of each
 * hash all but the earliest are duplicates. Never a probe per response.
 */
export async function listDuplicateResponseIds(
  db: Kysely<Database>,
  surveyId: string,
  upTo: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('responses')
    .select(['id', 'text_hash'])
    .where('survey_id', '=', surveyId)
    .where('text_hash', 'in', (eb) =>
      eb
        .selectFrom('responses')
        .select('text_hash')
        .where('survey_id', '=', surveyId)
        .where('text_hash', 'is not', null)
        .groupBy('text_hash')
        .having((h) => h.fn.countAll(), '>', 1),
    )
    .orderBy('id', 'asc')
    .execute();
  const earliest = new Set<string>();
  const duplicates = new Set<string>();
  // `upTo` is applied here, not in the query: on the hashes alone the database looks them up by index.
  for (const row of rows) {
    if (row.text_hash === null || row.id > upTo) continue;
    if (earliest.has(row.text_hash)) duplicates.add(row.id);
    else earliest.add(row.text_hash);
  }
  return duplicates;
}

/** Some responses of a survey by id, newest first (ids of other surveys are left out). */
export async function listResponsesByIds(
  db: Kysely<Database>,
  surveyId: string,
  ids: readonly string[],
): Promise<ResponseDbRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('responses')
    .select(RESPONSE_COLUMNS)
    .where('survey_id', '=', surveyId)
    .where('id', 'in', [...ids])
    .orderBy('id', 'desc')
    .execute();
}

/** Hashes looked up per query: far below the bound-parameter limits of both dialects. */
const HASH_CHUNK = 500;

/**
 * The earliest response id of each of these text hashes in the survey, through the index
 * `(survey_id, text_hash, id)`: hash → id (hashes no response has are left out).
 */
export async function earliestResponsesWithHashes(
  db: Kysely<Database>,
  surveyId: string,
  hashes: readonly string[],
): Promise<Map<string, string>> {
  const earliest = new Map<string, string>();
  for (let i = 0; i < hashes.length; i += HASH_CHUNK) {
    const rows = await db
      .selectFrom('responses')
      .select((eb) => ['text_hash', eb.fn.min('id').as('first_id')])
      .where('survey_id', '=', surveyId)
      .where('text_hash', 'is not', null)
      .where('text_hash', 'in', hashes.slice(i, i + HASH_CHUNK))
      .groupBy('text_hash')
      .execute();
    for (const row of rows) if (row.text_hash !== null) earliest.set(row.text_hash, String(row.first_id));
  }
  return earliest;
}

/** The hidden field names a survey declares now (the export's extra columns); none for an unknown id. */
export async function findDeclaredHiddenFields(db: Kysely<Database>, surveyId: string): Promise<string[]> {
  const row = await db.selectFrom('surveys').select('hidden_fields').where('id', '=', surveyId).executeTakeFirst();
  return settingsFromRow({ hidden_fields: row?.hidden_fields }).hiddenFields;
}

/** A survey's languages (its default one and its translations' codes); English only for an unknown id. */
export async function findSurveyLanguages(db: Kysely<Database>, surveyId: string): Promise<string[]> {
  const row = await db
    .selectFrom('surveys')
    .select(['default_language', 'translations'])
    .where('id', '=', surveyId)
    .executeTakeFirst();
  return languagesOf(languagesFromRow(row ?? {}));
}

/** How many responses were given in each language, through the index on (survey_id, language). */
export async function countResponsesByLanguage(db: Kysely<Database>, surveyId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('responses')
    .select((eb) => ['language', eb.fn.countAll<number>().as('n')])
    .where('survey_id', '=', surveyId)
    .groupBy('language')
    .execute();
  return new Map(rows.map((row) => [row.language, Number(row.n)]));
}

/** Whether any response to the survey was given in `language` (one probe of the index). */
export async function hasResponsesIn(db: Kysely<Database>, surveyId: string, language: string): Promise<boolean> {
  const row = await db
    .selectFrom('responses')
    .select('id')
    .where('survey_id', '=', surveyId)
    .where('language', '=', language)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The id of the newest response, through the index. */
export async function latestResponseId(db: Kysely<Database>, surveyId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('responses')
    .select('id')
    .where('survey_id', '=', surveyId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export interface ResultsSnapshot {
  survey: ResultsSurveyRow;
  questions: ResultsQuestionRow[];
  counts: AnswerCountRow[];
  totals: QuestionTotalRow[];
  /** The newest responses, newest first: up to `pageLimit + 1` so the caller knows whether more exist. */
  newest: ResponseDbRow[];
  /** The timeline's counters: [quarter, count]. */
  quarters: [number, number][];
  /** The survey's languages, default first. */
  languages: string[];
  /** Responses per language. */
  byLanguage: Map<string, number>;
  /** The newest stored "Other" texts of the questions `otherTexts` picked: question id → texts, newest first. */
  otherTexts: Map<string, string[]>;
}

/** Which questions' "Other" texts a snapshot reads, and how many of each: picked from its questions and counts. */
export interface OtherTextsWanted {
  questionIds(questions: readonly ResultsQuestionRow[], counts: readonly AnswerCountRow[]): readonly string[];
  limit: number;
}

/**
 * Everything the results screen needs, read in one read-only transaction so the total, the counts and the
 * per-question totals agree with each other even while responses arrive. Cost is independent of the number
 * of responses: small tables keyed by survey, plus one index range for the newest page and one for each question's
 * newest "Other" texts (those `otherTexts` picks), except the responses per language, counted from the index on
 * (survey_id, language) without reading a response.
 */
export async function readResultsSnapshot(
  db: Kysely<Database>,
  surveyId: string,
  pageLimit: number,
  otherTexts: OtherTextsWanted = { questionIds: () => [], limit: 0 },
): Promise<ResultsSnapshot | undefined> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const survey = await findResultsSurvey(trx, surveyId);
      if (!survey) return undefined;
      const questions = await listResultQuestions(trx, surveyId);
      const counts = await listAnswerCounts(trx, surveyId);
      const totals = await listQuestionTotals(trx, surveyId);
      const newest = await listResponsesBefore(trx, surveyId, { limit: pageLimit + 1 });
      const quarters = await listTimelineQuarters(trx, surveyId);
      const languages = await findSurveyLanguages(trx, surveyId);
      const byLanguage = await countResponsesByLanguage(trx, surveyId);
      const texts = await listNewestOtherTexts(
        trx,
        surveyId,
        otherTexts.questionIds(questions, counts),
        otherTexts.limit,
      );
      return { survey, questions, counts, totals, newest, quarters, languages, byLanguage, otherTexts: texts };
    });
}
