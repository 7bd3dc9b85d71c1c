import type { Insertable, Kysely, QueryCreator, Transaction } from 'kysely';
import { DEFAULT_SURVEY_LANGUAGE, type AnswerValue, type Question, type SurveyState } from '@quorum/contract';
import type { Db, Dialect } from '../../db/database';
import type { Database, OtherTextsTable, ResponsesTable } from '../../db/schema';
import { recordSurveyEvents, type EventSurvey, type SurveyEvent } from '../../events/survey-events';
import { completionSecondsOf } from '../results/completion-times';
import { quarterOf } from '../results/timeline';
import { completeVisit } from '../visits/visit-progress';
import { addStep, addToDropOff, addToFunnel, endVisits, lockVisits } from '../visits/visits.repository';
import { otherTextsOf, tallyResponses, type ResponseTally } from '../results/answer-tally';
import { textFingerprint } from './text-fingerprint';
import { questionFromRow, STORED_QUESTION_COLUMNS } from '../surveys/question-row';
import { settingsFromRow, type SurveySettings } from '../surveys/survey-settings-row';
import { languagesFromRow, type SurveyLanguages } from '../surveys/survey-languages-row';

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
 * Records accepted responses of one survey in ONE transaction: the response rows, the answer counts and question
 * totals that results read, the respondents' own "Other" texts, the survey's response count, the timeline and the
 * funnel. Each response counts as seen by every question on its path (`questionPath` of its answers, the path the
 * check walked).
 */
export async function recordResponses(
  db: Db,
  surveyId: string,
  questions: Question[],
  items: NewResponse[],
): Promise<void> {
  if (items.length === 0) return;
  await db.kysely.transaction().execute((trx) => writeResponses(trx, db.dialect, surveyId, questions, items));
}

/** Adds (or, with `sign` -1, takes away) a tally of responses to the answer counts and question totals. */
export async function applyTally(trx: Executor, surveyId: string, tally: ResponseTally, sign: 1 | -1): Promise<void> {
  if (sign === -1) {
    await subtractTally(trx, surveyId, tally);
    return;
  }
  const countRows = tally.counts.map((row) => ({ survey_id: surveyId, ...row }));
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
  const totalRows = tally.totals.map((row) => ({ survey_id: surveyId, ...row }));
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
}

/**
 * Takes a tally away, row by row in key order (a deletion's tally is one response: a few rows). Counts never go
 * below zero, and an answer's count that reaches zero is removed, as if it had never been given.
 */
async function subtractTally(trx: Executor, surveyId: string, tally: ResponseTally): Promise<void> {
  for (const row of tally.counts) {
    await trx
      .updateTable('answer_counts')
      .set((eb) => ({ count: eb('count', '-', row.count) }))
      .where('survey_id', '=', surveyId)
      .where('question_id', '=', row.question_id)
      .where('answer', '=', row.answer)
      .execute();
    await trx
      .deleteFrom('answer_counts')
      .where('survey_id', '=', surveyId)
      .where('question_id', '=', row.question_id)
      .where('answer', '=', row.answer)
      .where('count', '<=', 0)
      .execute();
  }
  for (const row of tally.totals) {
    await trx
      .updateTable('question_totals')
      .set((eb) => ({
        answered: eb
          .case()
          .when('answered', '>', row.answered)
          .then(eb('answered', '-', row.answered))
          .else(0)
          .end(),
        rating_sum: eb('rating_sum', '-', row.rating_sum),
        seen: eb
          .case()
          .when('seen', '>', row.seen)
          .then(eb('seen', '-', row.seen))
          .else(0)
          .end(),
      }))
      .where('survey_id', '=', surveyId)
      .where('question_id', '=', row.question_id)
      .execute();
  }
}

/** The respondents' own "Other" texts of new responses (new keys: nothing to add to). */
async function insertOtherTexts(trx: Executor, rows: readonly OtherTextsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('other_texts')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/** Responses per quarter hour, added to (key order, so concurrent writers lock rows in the same order). */
async function addToTimeline(trx: Executor, surveyId: string, counts: ReadonlyMap<number, number>): Promise<void> {
  const rows = [...counts]
    .sort(([a], [b]) => a - b)
    .map(([quarter, count]) => ({ survey_id: surveyId, quarter, count }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('response_timeline')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc
          .columns(['survey_id', 'quarter'])
          .doUpdateSet((eb) => ({ count: eb('response_timeline.count', '+', eb.ref('excluded.count')) })),
      )
      .execute();
  }
}

/** Completions per whole second, added to (key order, so concurrent writers lock rows in the same order). */
async function addToCompletionTimes(
  trx: Executor,
  surveyId: string,
  counts: ReadonlyMap<number, number>,
): Promise<void> {
  const rows = [...counts]
    .sort(([a], [b]) => a - b)
    .map(([seconds, count]) => ({ survey_id: surveyId, seconds, count }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('completion_times')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc
          .columns(['survey_id', 'seconds'])
          .doUpdateSet((eb) => ({ count: eb('completion_times.count', '+', eb.ref('excluded.count')) })),
      )
      .execute();
  }
}

/** Takes one away from a counter of the timeline or of the completion times (a deleted response). */
export async function subtractCount(
  trx: Executor,
  table: 'response_timeline' | 'completion_times',
  surveyId: string,
  key: number,
): Promise<void> {
  if (table === 'response_timeline') {
    await trx
      .updateTable('response_timeline')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('survey_id', '=', surveyId)
      .where('quarter', '=', key)
      .where('count', '>', 0)
      .execute();
  } else {
    await trx
      .updateTable('completion_times')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('survey_id', '=', surveyId)
      .where('seconds', '=', key)
      .where('count', '>', 0)
      .execute();
  }
}

const increment = (counts: Map<number, number>, key: number) => counts.set(key, (counts.get(key) ?? 0) + 1);

/**
 * Ends the visits the responses came with, for the funnel: each visit of this survey that has not ended yet ends in
 * the first response that names it (see completeVisit); any other visit id is left out, and its response is kept
 * without funnel data. Answers each response's visit id and time from opening the page, for those that ended one.
 */
async function completeVisits(
  trx: Executor,
  dialect: Dialect,
  surveyId: string,
  items: readonly NewResponse[],
): Promise<Map<NewResponse, { visitId: string; durationMs: number }>> {
  const ended = new Map<NewResponse, { visitId: string; durationMs: number }>();
  const asked = items.flatMap((item) => (item.visitId ? [item.visitId] : []));
  if (asked.length === 0) return ended;
  const visits = await lockVisits(trx, dialect, asked);
  const dropOff = new Map<string, { reached: number; answered: number }>();
  const times = new Map<number, number>();
  let starts = 0;
  const endings: Parameters<typeof endVisits>[1][number][] = [];
  for (const item of items) {
    const visit = item.visitId ? visits.get(item.visitId) : undefined;
    if (!visit || visit.surveyId !== surveyId || visit.completedAt !== null) continue;
    // Taken: a second response naming the same visit in this batch is kept without funnel data.
    visit.completedAt = item.submittedAt;
    const step = completeVisit(visit.path);
    addStep(dropOff, step);
    if (step.started) starts += 1;
    const durationMs = Math.max(0, Date.parse(item.submittedAt) - Date.parse(visit.createdAt));
    increment(times, completionSecondsOf(durationMs));
    ended.set(item, { visitId: visit.id, durationMs });
    endings.push({ visitId: visit.id, passed: step.path.passed, at: item.submittedAt, responseId: item.id });
  }
  await endVisits(trx, endings);
  await addToDropOff(trx, surveyId, dropOff);
  await addToFunnel(trx, surveyId, { starts, completions: ended.size });
  await addToCompletionTimes(trx, surveyId, times);
  return ended;
}

/**
 * The write itself, inside the caller's transaction. Counts are added as deltas with upserts, so
 * concurrent writers (several instances on PostgreSQL) never lose an increment; keys are sorted so
 * concurrent transactions lock rows in the same order. Besides the responses and their answer counters: their
 * "Other" texts (`otherTextsOf`, what the counters count under "Other"), the timeline (responses per quarter hour),
 * the text fingerprint of each response (the duplicate flag) and the funnel of the visits they end. Returns the
 * survey's new response count.
 */
export async function writeResponses(
  trx: Executor,
  dialect: Dialect,
  surveyId: string,
  questions: Question[],
  items: NewResponse[],
): Promise<number> {
  if (items.length === 0) return 0;
  const visits = await completeVisits(trx, dialect, surveyId, items);
  const responseRows = items.map((item) => ({
    id: item.id,
    survey_id: surveyId,
    submitted_at: item.submittedAt,
    answers: JSON.stringify(item.answers),
    hidden_fields: item.hiddenFields ? JSON.stringify(item.hiddenFields) : null,
    respondent_id: item.respondentId ?? null,
    duration_ms: visits.get(item)?.durationMs ?? null,
    visit_id: visits.get(item)?.visitId ?? null,
    text_hash: textFingerprint(questions, item.answers),
    language: item.language ?? DEFAULT_SURVEY_LANGUAGE,
  }));
  const tally = tallyResponses(
    questions,
    items.map((item) => item.answers),
  );
  const otherRows = items.flatMap((item) =>
    otherTextsOf(questions, item.answers).map(({ questionId, text }) => ({
      survey_id: surveyId,
      question_id: questionId,
      response_id: item.id,
      text,
    })),
  );
  const quarters = new Map<number, number>();
  for (const item of items) increment(quarters, quarterOf(item.submittedAt));

  const rows = Math.max(items.length, otherRows.length, tally.counts.length, tally.totals.length);
  if (dialect === 'postgres' && rows <= CHUNK) {
    return writeInOneStatement(trx, surveyId, responseRows, otherRows, tally, quarters);
  }
  for (let i = 0; i < responseRows.length; i += CHUNK) {
    await trx
      .insertInto('responses')
      .values(responseRows.slice(i, i + CHUNK))
      .execute();
  }
  await insertOtherTexts(trx, otherRows);
  await applyTally(trx, surveyId, tally, 1);
  await addToTimeline(trx, surveyId, quarters);
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

/**
 * PostgreSQL: a batch's writes as ONE statement, each table's rows in a data-modifying `with` clause (PostgreSQL runs
 * them all, on one snapshot, whether or not the statement reads them) and the survey's count as the main update. Inside
 * the batch's transaction this is one round trip instead of one per table, for the same rows and locks in the same
 * order as the separate statements (responses, "Other" texts, answer counts, question totals, timeline, survey).
 */
async function writeInOneStatement(
  trx: Executor,
  surveyId: string,
  responseRows: Insertable<ResponsesTable>[],
  otherRows: readonly OtherTextsTable[],
  tally: ResponseTally,
  quarters: ReadonlyMap<number, number>,
): Promise<number> {
  const countRows = tally.counts.map((row) => ({ survey_id: surveyId, ...row }));
  const totalRows = tally.totals.map((row) => ({ survey_id: surveyId, ...row }));
  const timelineRows = [...quarters]
    .sort(([a], [b]) => a - b)
    .map(([quarter, count]) => ({ survey_id: surveyId, quarter, count }));
  // Each `with` widens the builder's type by its name; the main statement reads none of them.
  let statement = trx.with('new_responses', (db) =>
    db.insertInto('responses').values(responseRows),
  ) as unknown as QueryCreator<Database>;
  if (otherRows.length > 0) {
    statement = statement.with('new_other_texts', (db) =>
      db.insertInto('other_texts').values([...otherRows]),
    ) as unknown as QueryCreator<Database>;
  }
  if (countRows.length > 0) {
    statement = statement.with('new_counts', (db) =>
      db
        .insertInto('answer_counts')
        .values(countRows)
        .onConflict((oc) =>
          oc
            .columns(['survey_id', 'question_id', 'answer'])
            .doUpdateSet((eb) => ({ count: eb('answer_counts.count', '+', eb.ref('excluded.count')) })),
        ),
    ) as unknown as QueryCreator<Database>;
  }
  if (totalRows.length > 0) {
    statement = statement.with('new_totals', (db) =>
      db
        .insertInto('question_totals')
        .values(totalRows)
        .onConflict((oc) =>
          oc.columns(['survey_id', 'question_id']).doUpdateSet((eb) => ({
            answered: eb('question_totals.answered', '+', eb.ref('excluded.answered')),
            rating_sum: eb('question_totals.rating_sum', '+', eb.ref('excluded.rating_sum')),
            seen: eb('question_totals.seen', '+', eb.ref('excluded.seen')),
          })),
        ),
    ) as unknown as QueryCreator<Database>;
  }
  statement = statement.with('new_quarters', (db) =>
    db
      .insertInto('response_timeline')
      .values(timelineRows)
      .onConflict((oc) =>
        oc
          .columns(['survey_id', 'quarter'])
          .doUpdateSet((eb) => ({ count: eb('response_timeline.count', '+', eb.ref('excluded.count')) })),
      ),
  ) as unknown as QueryCreator<Database>;
  return addToResponseCount(statement, surveyId, responseRows.length);
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
  known: (surveyId: string) => KnownQuestions | undefined = () => undefined,
  readsLanguages: (surveyId: string) => boolean = () => false,
): Promise<{ totals: Map<string, number>; outboxWritten: boolean }> {
  const totals = new Map<string, number>();
  let outboxWritten = false;
  await db.kysely.transaction().execute(async (trx) => {
    for (const surveyId of [...surveys.keys()].sort()) {
      const locked = await lockSurvey(
        trx,
        db.dialect,
        surveyId,
        surveys.get(surveyId) ?? [],
        known(surveyId),
        readsLanguages(surveyId),
      );
      const { questions, items, close } = decide(surveyId, locked);
      if (items.length > 0) totals.set(surveyId, await writeResponses(trx, db.dialect, surveyId, questions, items));
      const events = locked ? responseEvents(surveyId, locked, questions, items) : [];
      if (close && locked) {
        const closed = await trx
          .updateTable('surveys')
          .set({ state: 'closed', updated_at: closedAt() })
          .where('id', '=', surveyId)
          .where('state', '=', 'active')
          .executeTakeFirst();
        if (Number(closed.numUpdatedRows) > 0) {
          events.push({
            type: 'survey.closed',
            survey: eventSurvey(surveyId, locked),
            at: closedAt(),
            reason: 'limit',
          });
        }
      }
      if (await recordSurveyEvents(trx, events)) outboxWritten = true;
    }
  });
  return { totals, outboxWritten };
}

function eventSurvey(surveyId: string, locked: LockedSurvey): EventSurvey {
  return {
    id: surveyId,
    title: locked.title,
    ownerId: locked.ownerId,
    webhookCount: locked.webhookCount,
    notifyOnResponse: locked.settings.notifications.onResponse,
  };
}

/**
 * `response.created` for each stored response, only when something listens: the survey has enabled webhooks or
 * mails its owner about each response. Otherwise a submission writes nothing more than before.
 */
function responseEvents(
  surveyId: string,
  locked: LockedSurvey,
  questions: readonly Question[],
  items: readonly NewResponse[],
): SurveyEvent[] {
  if (items.length === 0) return [];
  if (locked.webhookCount <= 0 && locked.settings.notifications.onResponse !== 'each') return [];
  const survey = eventSurvey(surveyId, locked);
  return items.map((item) => ({
    type: 'response.created',
    survey,
    at: item.submittedAt,
    response: {
      id: item.id,
      submittedAt: item.submittedAt,
      answers: item.answers,
      hiddenFields: item.hiddenFields ?? null,
      language: item.language ?? DEFAULT_SURVEY_LANGUAGE,
    },
    questions,
  }));
}

/**
 * The survey's row (locked on PostgreSQL) and its current questions: those of `known` when its version is the row's
 * (every save of the questions raises the version in the same transaction, under this same lock), else read again.
 */
async function lockSurvey(
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

/** Deleting workspaces' surveys for good: the timelines of every survey in them. */
export async function deleteTimelinesInWorkspaces(trx: Executor, workspaceIds: readonly string[]): Promise<void> {
  await trx
    .deleteFrom('response_timeline')
    .where('survey_id', 'in', (eb) => eb.selectFrom('surveys').select('id').where('workspace_id', 'in', workspaceIds))
    .execute();
}

/** Deleting workspaces' surveys for good: the "Other" texts of every survey in them. */
export async function deleteOtherTextsInWorkspaces(trx: Executor, workspaceIds: readonly string[]): Promise<void> {
  await trx
    .deleteFrom('other_texts')
    .where('survey_id', 'in', (eb) => eb.selectFrom('surveys').select('id').where('workspace_id', 'in', workspaceIds))
    .execute();
}

/** Deleting workspaces' surveys for good: every response to every survey in them. */
export async function deleteResponsesInWorkspaces(trx: Executor, workspaceIds: readonly string[]): Promise<number> {
  const result = await trx
    .deleteFrom('responses')
    .where('survey_id', 'in', (eb) => eb.selectFrom('surveys').select('id').where('workspace_id', 'in', workspaceIds))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
