import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { SurveySort, SurveyState } from '@quorum/contract';
import type { Dialect } from '../../db/database';
import type { Database, SurveysTable } from '../../db/schema';
import type { QuestionRow } from './question-row';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A survey is in `state` at `now` (ISO UTC), in SQL: the contract's `effectiveState`, for counts and list filters.
 * An active survey whose `closes_at` has passed is closed, whether or not the periodic close has stored it yet.
 * `closes_at` is ISO UTC text of one width on both dialects, so it compares with `now` as text.
 */
export function stateIs(eb: ExpressionBuilder<{ s: SurveysTable }, 's'>, state: SurveyState, now: string) {
  const due = eb.and([eb('s.closes_at', 'is not', null), eb('s.closes_at', '<=', now)]);
  if (state === 'active') return eb.and([eb('s.state', '=', 'active'), eb.not(due)]);
  if (state === 'closed') return eb.or([eb('s.state', '=', 'closed'), eb.and([eb('s.state', '=', 'active'), due])]);
  return eb('s.state', '=', state);
}

export type SurveyRow = SurveysTable;
/** Who made a survey and who saved it last, read with it; null where the account is gone. */
export interface SurveyPeopleRow {
  creator_id: string | null;
  creator_name: string | null;
  creator_email: string | null;
  updater_name: string | null;
}
export type SurveySummaryRow = SurveyRow & SurveyPeopleRow & { question_count: number };

/** Rows per insert statement: far below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 200;

export async function insertSurvey(trx: Executor, survey: SurveyRow, questions: QuestionRow[]): Promise<void> {
  await trx.insertInto('surveys').values(survey).execute();
  await insertQuestions(trx, questions);
}

export async function insertQuestions(trx: Executor, questions: QuestionRow[]): Promise<void> {
  for (let start = 0; start < questions.length; start += INSERT_CHUNK) {
    await trx
      .insertInto('questions')
      .values(questions.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** One survey row. */
export async function findSurvey(db: Executor, surveyId: string): Promise<SurveyRow | undefined> {
  return db.selectFrom('surveys').selectAll().where('id', '=', surveyId).executeTakeFirst();
}

/** Who owns a survey; undefined for an unknown id. */
export async function findSurveyOwnerId(db: Executor, surveyId: string): Promise<string | undefined> {
  const row = await db.selectFrom('surveys').select('user_id').where('id', '=', surveyId).executeTakeFirst();
  return row?.user_id;
}

/** The names and emails of the accounts among `ids` that still exist, by id. */
export async function findPeople(
  db: Executor,
  ids: ReadonlyArray<string | null>,
): Promise<Map<string, { name: string; email: string }>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

/**
 * One survey row inside a transaction; on PostgreSQL the row stays locked until the transaction
 * ends, so edits and state changes of one survey serialise (SQLite transactions are serial anyway).
 */
export async function findSurveyForUpdate(
  trx: Transaction<Database>,
  dialect: Dialect,
  surveyId: string,
): Promise<SurveyRow | undefined> {
  const query = trx.selectFrom('surveys').selectAll().where('id', '=', surveyId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Locks the owner's row on PostgreSQL so that every activation and every new survey of one owner run
 * one after the other: the counts read next (active surveys, surveys held) cannot change until this
 * transaction ends.
 */
export async function lockOwner(trx: Transaction<Database>, dialect: Dialect, userId: string): Promise<boolean> {
  if (dialect !== 'postgres') {
    const row = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    return Boolean(row);
  }
  const row = await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  return Boolean(row);
}

/**
 * The active surveys `userId` launched, in every workspace, at `now` (one past its closing time is closed already):
 * the active limit (MAX_ACTIVE_SURVEYS) is per person who launches, whoever created the surveys.
 */
export async function countActiveSurveys(trx: Executor, userId: string, now: string): Promise<number> {
  const row = await trx
    .selectFrom('surveys as s')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('s.launched_by', '=', userId)
    .where((eb) => stateIs(eb, 'active', now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Surveys the account created and holds, in every workspace: every state but deleted. */
export async function countHeldSurveys(trx: Executor, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('surveys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('state', '!=', 'deleted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A change of state; a launch (a move to active) also records who launched it (`launchedBy`). */
export async function updateSurveyState(
  trx: Executor,
  surveyId: string,
  state: SurveyState,
  updatedAt: string,
  launchedBy?: string,
): Promise<void> {
  await trx
    .updateTable('surveys')
    .set({ state, updated_at: updatedAt, ...(launchedBy === undefined ? {} : { launched_by: launchedBy }) })
    .where('id', '=', surveyId)
    .execute();
}

export async function updateSurveyFields(
  trx: Executor,
  surveyId: string,
  fields: Omit<
    SurveyRow,
    | 'id'
    | 'user_id'
    | 'state'
    | 'generator'
    | 'response_count'
    | 'created_at'
    | 'webhook_count'
    | 'digest_sent_at'
    | 'workspace_id'
    | 'launched_by'
  >,
): Promise<void> {
  await trx.updateTable('surveys').set(fields).where('id', '=', surveyId).execute();
}

/** Every question row of a survey, deleted ones included, in position order. */
export async function findQuestions(
  db: Executor,
  surveyId: string,
  options: { includeDeleted: boolean },
): Promise<QuestionRow[]> {
  let query = db.selectFrom('questions').selectAll().where('survey_id', '=', surveyId);
  if (!options.includeDeleted) query = query.where('is_deleted', '=', 0);
  return query.orderBy('position').orderBy('id').execute();
}

/** Replaces every question row of a survey (the caller passes the retained deleted ones too). */
export async function replaceQuestions(trx: Executor, surveyId: string, questions: QuestionRow[]): Promise<void> {
  await trx.deleteFrom('questions').where('survey_id', '=', surveyId).execute();
  await insertQuestions(trx, questions);
}

/**
 * Closes every active survey whose closing time has passed (the periodic close), or only `surveyId` when given.
 * Several instances may run it at once: the update takes only surveys still active and due, so a second run finds
 * nothing more.
 */
export async function closeDueSurveys(
  db: Executor,
  now: string,
  surveyId?: string,
): Promise<{ id: string; title: string; user_id: string; webhook_count: number }[]> {
  let query = db
    .updateTable('surveys')
    .set({ state: 'closed', updated_at: now })
    .where('state', '=', 'active')
    .where('closes_at', 'is not', null)
    .where('closes_at', '<=', now);
  if (surveyId !== undefined) query = query.where('id', '=', surveyId);
  const rows = await query.returning(['id', 'title', 'user_id', 'webhook_count']).execute();
  return rows.map((row) => ({ ...row, webhook_count: Number(row.webhook_count) }));
}

export interface SurveyListFilter {
  /** Only this workspace's surveys; undefined for every survey (admin). */
  workspaceId?: string;
  /** Deleted surveys too (admin); a member never lists them. */
  includeDeleted: boolean;
  /** Also search the creator's name and email (the admin list). */
  searchCreator: boolean;
  /** Only surveys in this state at `now` (see `stateIs`). */
  state?: SurveyState;
  /** The time the state filter reads states at (ISO UTC). */
  now: string;
  /** Searched case-insensitively in the title and, for the admin list, the creator's name and email. */
  q?: string;
  sort: SurveySort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The column each sort orders by; the id follows in the same direction so equal values keep one stable order. */
const SORT_COLUMNS = {
  created: 's.created_at',
  title: 's.title',
  responses: 's.response_count',
} as const satisfies Record<SurveySort, string>;

/** Escapes LIKE wildcards so a search for "50%" finds "50%" (with `escape '\'`). */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A page of survey summaries in the asked order (ties broken by id), and how many match in all, each with its
 * creator and who saved it last (left joins: a survey whose creator's account is gone is still listed), in one
 * query.
 */
export async function listSurveys(
  db: Executor,
  filter: SurveyListFilter,
): Promise<{ rows: SurveySummaryRow[]; total: number }> {
  let base = db.selectFrom('surveys as s').leftJoin('users as u', 'u.id', 's.user_id');
  if (filter.workspaceId !== undefined) base = base.where('s.workspace_id', '=', filter.workspaceId);
  if (!filter.includeDeleted) base = base.where('s.state', '!=', 'deleted');
  const { state } = filter;
  if (state) base = base.where((eb) => stateIs(eb, state, filter.now));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const matches = (column: 's.title' | 'u.name' | 'u.email') =>
      sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
    base = filter.searchCreator
      ? base.where((eb) => eb.or([matches('s.title'), matches('u.name'), matches('u.email')]))
      : base.where(matches('s.title'));
  }

  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('users as ub', 'ub.id', 's.updated_by')
    .selectAll('s')
    .select(['u.id as creator_id', 'u.name as creator_name', 'u.email as creator_email', 'ub.name as updater_name'])
    .select((eb) =>
      eb
        .selectFrom('questions as q')
        .select((qb) => qb.fn.countAll<number>().as('c'))
        .whereRef('q.survey_id', '=', 's.id')
        .where('q.is_deleted', '=', 0)
        .as('question_count'),
    )
    .orderBy(SORT_COLUMNS[filter.sort], filter.order)
    .orderBy('s.id', filter.order)
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return {
    rows: rows.map((r) => ({ ...r, question_count: Number(r.question_count ?? 0) })),
    total: Number(countRow.n),
  };
}

/** Every survey the user owns, deleted ones included, oldest first (the account export). */
export async function listOwnedSurveys(db: Executor, userId: string): Promise<SurveyRow[]> {
  return db
    .selectFrom('surveys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Deleting workspaces' surveys for good: the questions of every survey in them. */
export async function deleteQuestionsInWorkspaces(trx: Executor, workspaceIds: readonly string[]): Promise<void> {
  await trx
    .deleteFrom('questions')
    .where('survey_id', 'in', (eb) => eb.selectFrom('surveys').select('id').where('workspace_id', 'in', workspaceIds))
    .execute();
}

/** Deleting workspaces' surveys for good: every survey in them (after their questions, responses and counters). */
export async function deleteSurveysInWorkspaces(trx: Executor, workspaceIds: readonly string[]): Promise<number> {
  const result = await trx.deleteFrom('surveys').where('workspace_id', 'in', workspaceIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}
