import type { Kysely, Transaction } from 'kysely';
import type { Database, ResultSharesTable } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export type ShareRow = ResultSharesTable;

/** The survey's shared report, if it has one. */
export async function findShareOfSurvey(db: Executor, surveyId: string): Promise<ShareRow | undefined> {
  return db.selectFrom('result_shares').selectAll().where('survey_id', '=', surveyId).executeTakeFirst();
}

/** The shared report a token opens, by the token's SHA-256 (unique index). */
export async function findShareByTokenHash(db: Executor, tokenHash: string): Promise<ShareRow | undefined> {
  return db.selectFrom('result_shares').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Adds the survey's shared report unless it has one already (a request at the same moment); whether it added. */
export async function insertShare(db: Executor, row: ShareRow): Promise<boolean> {
  const result = await db
    .insertInto('result_shares')
    .values(row)
    .onConflict((oc) => oc.column('survey_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Changes what the survey's shared report shows (and, with a new token, its link). */
export async function updateShare(
  db: Executor,
  surveyId: string,
  changes: Partial<Omit<ShareRow, 'survey_id'>>,
): Promise<void> {
  await db.updateTable('result_shares').set(changes).where('survey_id', '=', surveyId).execute();
}

/** Revokes the survey's shared report; whether there was one. */
export async function deleteShare(db: Executor, surveyId: string): Promise<boolean> {
  const result = await db.deleteFrom('result_shares').where('survey_id', '=', surveyId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deleting workspaces' surveys for good: the shared reports of every survey in them (before the surveys go). */
export async function deleteSharesInWorkspaces(trx: Executor, workspaceIds: readonly string[]): Promise<number> {
  const result = await trx
    .deleteFrom('result_shares')
    .where('survey_id', 'in', (eb) => eb.selectFrom('surveys').select('id').where('workspace_id', 'in', workspaceIds))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
