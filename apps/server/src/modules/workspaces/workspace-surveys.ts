import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ResponseProjection } from '../../lib/response-projection';
import { deleteResponsesInWorkspaces } from '../responses';
import { deleteSharesInWorkspaces } from '../shares';
import { deleteQuestionsInWorkspaces, deleteSurveysInWorkspaces } from '../surveys';
import { deleteWebhooksInWorkspaces } from '../webhooks';

/**
 * Removes for good every survey in the workspaces (a personal workspace's id is its owner's id) with all its data, one
 * table at a time: responses, what each projection keeps of them (the tallies and the funnel), shared report
 * links, webhooks with their deliveries, questions, and the surveys. Surveys elsewhere
 * are untouched, whoever created them. Answers how many surveys and responses went.
 */
export async function deleteSurveysOfWorkspaces(
  trx: Transaction<Database>,
  projections: readonly ResponseProjection[],
  workspaceIds: readonly string[],
): Promise<{ surveys: number; responses: number }> {
  if (workspaceIds.length === 0) return { surveys: 0, responses: 0 };
  const responses = await deleteResponsesInWorkspaces(trx, workspaceIds);
  for (const projection of projections) await projection.surveysPurged(trx, workspaceIds);
  await deleteSharesInWorkspaces(trx, workspaceIds);
  await deleteWebhooksInWorkspaces(trx, workspaceIds);
  await deleteQuestionsInWorkspaces(trx, workspaceIds);
  const surveys = await deleteSurveysInWorkspaces(trx, workspaceIds);
  return { surveys, responses };
}
