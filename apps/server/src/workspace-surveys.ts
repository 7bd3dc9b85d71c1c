import type { ResponseProjection } from './lib/response-projection';
import type { WorkspaceSurveys } from './lib/workspace-surveys';
import { deleteResponsesInWorkspaces } from './modules/responses';
import { deleteSharesInWorkspaces } from './modules/shares';
import { countActiveSurveys, deleteQuestionsInWorkspaces, deleteSurveysInWorkspaces } from './modules/surveys';
import { deleteWebhooksInWorkspaces } from './modules/webhooks';

/**
 * The surveys of workspaces, as the workspaces module and an account's deletion see them (lib/workspace-surveys.ts).
 * Removing them goes one table at a time: responses, what each projection keeps of them (the tallies and the
 * funnel), shared report links, webhooks with their deliveries, questions, and the surveys. Surveys elsewhere are
 * untouched, whoever created them.
 */
export function createWorkspaceSurveys(projections: readonly ResponseProjection[]): WorkspaceSurveys {
  return {
    countActive: countActiveSurveys,
    async removeAll(trx, workspaceIds) {
      if (workspaceIds.length === 0) return { surveys: 0, responses: 0 };
      const responses = await deleteResponsesInWorkspaces(trx, workspaceIds);
      for (const projection of projections) await projection.surveysPurged(trx, workspaceIds);
      await deleteSharesInWorkspaces(trx, workspaceIds);
      await deleteWebhooksInWorkspaces(trx, workspaceIds);
      await deleteQuestionsInWorkspaces(trx, workspaceIds);
      const surveys = await deleteSurveysInWorkspaces(trx, workspaceIds);
      return { surveys, responses };
    },
  };
}
