import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import {
  deleteOtherTextsInWorkspaces,
  deleteResponsesInWorkspaces,
  deleteTimelinesInWorkspaces,
} from '../responses/responses.repository';
import { deleteSharesInWorkspaces } from '../shares/shares.repository';
import {
  deleteAnswerCountsInWorkspaces,
  deleteQuestionTotalsInWorkspaces,
  deleteQuestionsInWorkspaces,
  deleteSurveysInWorkspaces,
} from '../surveys/surveys.repository';
import { deleteVisitsInWorkspaces } from '../visits/visits.repository';
import { deleteWebhooksInWorkspaces } from '../webhooks/webhooks.repository';

/**
 * Removes for good every survey in the workspaces (a personal workspace's id is its owner's id) with all its data, one
 * table at a time: responses, their "Other" texts, visits, funnel counters, completion times, timelines, shared report
 * links, webhooks with their deliveries, answer counts, question totals, questions, and the surveys. Surveys elsewhere
 * are untouched, whoever created them. Answers how many surveys and responses went.
 */
export async function deleteSurveysOfWorkspaces(
  trx: Transaction<Database>,
  workspaceIds: readonly string[],
): Promise<{ surveys: number; responses: number }> {
  if (workspaceIds.length === 0) return { surveys: 0, responses: 0 };
  const responses = await deleteResponsesInWorkspaces(trx, workspaceIds);
  await deleteOtherTextsInWorkspaces(trx, workspaceIds);
  await deleteVisitsInWorkspaces(trx, workspaceIds);
  await deleteTimelinesInWorkspaces(trx, workspaceIds);
  await deleteAnswerCountsInWorkspaces(trx, workspaceIds);
  await deleteQuestionTotalsInWorkspaces(trx, workspaceIds);
  await deleteSharesInWorkspaces(trx, workspaceIds);
  await deleteWebhooksInWorkspaces(trx, workspaceIds);
  await deleteQuestionsInWorkspaces(trx, workspaceIds);
  const surveys = await deleteSurveysInWorkspaces(trx, workspaceIds);
  return { surveys, responses };
}
