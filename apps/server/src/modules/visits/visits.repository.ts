import type { Kysely, Transaction } from 'kysely';
import type { Db, Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { parseIdList, type VisitPath, type VisitStep } from './visit-progress';

type Executor = Kysely<Database> | Transaction<Database>;

/** A visit as its rules read it. */
export interface VisitRecord {
  id: string;
  surveyId: string;
  createdAt: string;
  path: VisitPath;
  completedAt: string | null;
}

/** Rows per statement: far below the bound-parameter limits of both dialects. */
const CHUNK = 500;

/** The funnel's per-survey counters, added to (an upsert, so concurrent writers never lose an increment). */
export async function addToFunnel(
  trx: Executor,
  surveyId: string,
  delta: { views?: number; starts?: number; completions?: number },
): Promise<void> {
  const row = { views: delta.views ?? 0, starts: delta.starts ?? 0, completions: delta.completions ?? 0 };
  if (row.views === 0 && row.starts === 0 && row.completions === 0) return;
  await trx
    .insertInto('survey_funnel')
    .values({ survey_id: surveyId, ...row })
    .onConflict((oc) =>
      oc.column('survey_id').doUpdateSet((eb) => ({
        views: eb('survey_funnel.views', '+', eb.ref('excluded.views')),
        starts: eb('survey_funnel.starts', '+', eb.ref('excluded.starts')),
        completions: eb('survey_funnel.completions', '+', eb.ref('excluded.completions')),
      })),
    )
    .execute();
}

/** Per question, visits that reached it and went on from it, added to; keys sorted so locks are taken in order. */
export async function addToDropOff(
  trx: Executor,
  surveyId: string,
  deltas: ReadonlyMap<string, { reached: number; answered: number }>,
): Promise<void> {
  const rows = [...deltas]
    .filter(([, d]) => d.reached !== 0 || d.answered !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([questionId, d]) => ({ survey_id: surveyId, question_id: questionId, ...d }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('question_dropoff')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['survey_id', 'question_id']).doUpdateSet((eb) => ({
          reached: eb('question_dropoff.reached', '+', eb.ref('excluded.reached')),
          answered: eb('question_dropoff.answered', '+', eb.ref('excluded.answered')),
        })),
      )
      .execute();
  }
}

/** Adds one step's question counters to `deltas` (question id → reached, answered). */
export function addStep(deltas: Map<string, { reached: number; answered: number }>, step: VisitStep): void {
  const entry = (questionId: string) => {
    let delta = deltas.get(questionId);
    if (!delta) deltas.set(questionId, (delta = { reached: 0, answered: 0 }));
    return delta;
  };
  if (step.reached !== undefined) entry(step.reached).reached += 1;
  if (step.answered !== undefined) entry(step.answered).answered += 1;
}

/** A new visit, counted as a view of its survey, in one transaction. */
export async function insertVisit(db: Db, visit: { id: string; surveyId: string; createdAt: string }): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('visits')
      .values({ id: visit.id, survey_id: visit.surveyId, created_at: visit.createdAt, reached: '[]', passed: '[]' })
      .execute();
    await addToFunnel(trx, visit.surveyId, { views: 1 });
  });
}

/** Visits by id, read inside a write transaction and, on PostgreSQL, locked until it ends. */
export async function lockVisits(
  trx: Executor,
  dialect: Dialect,
  visitIds: readonly string[],
): Promise<Map<string, VisitRecord>> {
  if (visitIds.length === 0) return new Map();
  const query = trx
    .selectFrom('visits')
    .select(['id', 'survey_id', 'created_at', 'reached', 'passed', 'completed_at'])
    .where('id', 'in', [...new Set(visitIds)].sort())
    .orderBy('id');
  const rows = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        surveyId: row.survey_id,
        createdAt: row.created_at,
        path: { reached: parseIdList(row.reached), passed: parseIdList(row.passed) },
        completedAt: row.completed_at,
      },
    ]),
  );
}

/** Stores a visit's new path. */
async function updateVisit(trx: Executor, visitId: string, path: VisitPath): Promise<void> {
  await trx
    .updateTable('visits')
    .set({ reached: JSON.stringify(path.reached), passed: JSON.stringify(path.passed) })
    .where('id', '=', visitId)
    .execute();
}

/** Ended visits per UPDATE statement: seven bound values each, far below both dialects' limits. */
const ENDED_CHUNK = 200;

/**
 * Ends visits in responses, a few statements for a whole batch instead of one per visit: each visit's new `passed`
 * list, when it ended and in which response, picked by id with CASE.
 */
export async function endVisits(
  trx: Executor,
  ended: readonly { visitId: string; passed: readonly string[]; at: string; responseId: string }[],
): Promise<void> {
  for (let i = 0; i < ended.length; i += ENDED_CHUNK) {
    const chunk = ended.slice(i, i + ENDED_CHUNK);
    const [first, ...rest] = chunk;
    if (!first) break;
    await trx
      .updateTable('visits')
      .set((eb) => {
        // Every row the WHERE picks has its own WHEN; the ELSE keeps the stored value, and the type non-null.
        const cases = <T>(value: (visit: (typeof chunk)[number]) => T) => {
          let choice = eb.case('id').when(first.visitId).then(value(first));
          for (const visit of rest) choice = choice.when(visit.visitId).then(value(visit));
          return choice;
        };
        return {
          passed: cases((visit) => JSON.stringify(visit.passed))
            .else(eb.ref('passed'))
            .end(),
          completed_at: cases((visit) => visit.at)
            .else(eb.ref('completed_at'))
            .end(),
          response_id: cases((visit) => visit.responseId)
            .else(eb.ref('response_id'))
            .end(),
        };
      })
      .where(
        'id',
        'in',
        chunk.map((visit) => visit.visitId),
      )
      .execute();
  }
}

/**
 * One step of a visit in ONE transaction, the visit's row locked first on PostgreSQL so two steps of the same visit
 * at once run one after the other: `step` sees the visit as the previous step left it (undefined for an unknown
 * id) and answers the step to record, or nothing to record. The step's path and counters are stored together.
 */
export async function recordVisitStep<T>(
  db: Db,
  visitId: string,
  step: (visit: VisitRecord | undefined) => { result: T; record?: VisitStep },
): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    const visit = (await lockVisits(trx, db.dialect, [visitId])).get(visitId);
    const { result, record } = step(visit);
    if (visit && record && record.path !== visit.path) {
      await updateVisit(trx, visit.id, record.path);
      const deltas = new Map<string, { reached: number; answered: number }>();
      addStep(deltas, record);
      await addToDropOff(trx, visit.surveyId, deltas);
      if (record.started) await addToFunnel(trx, visit.surveyId, { starts: 1 });
    }
    return result;
  });
}

/** The retention sweep: visits created before `cutoff` that never ended in a response (the counters stay). */
export async function deleteAbandonedVisits(db: Executor, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('visits')
    .where('created_at', '<', cutoff)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A deleted response's visit (the response ended it). */
export async function deleteEndedVisit(trx: Executor, surveyId: string, visitId: string): Promise<void> {
  await trx.deleteFrom('visits').where('id', '=', visitId).where('survey_id', '=', surveyId).execute();
}

/** Deleting workspaces' surveys for good: the visits and funnel counters of every survey in them. */
export async function deleteVisitsInWorkspaces(trx: Executor, workspaceIds: readonly string[]): Promise<void> {
  for (const table of ['visits', 'survey_funnel', 'question_dropoff'] as const) {
    await trx
      .deleteFrom(table)
      .where('survey_id', 'in', (eb) => eb.selectFrom('surveys').select('id').where('workspace_id', 'in', workspaceIds))
      .execute();
  }
}
