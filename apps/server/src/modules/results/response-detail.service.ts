import type { ResponseRow } from '@quorum/contract';
import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { NotFoundError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import {
  questionFromRow,
  createSurveyAccess,
  type Actor,
  findQuestions,
  findSurveyOwnerId,
  lockOwner,
} from '../surveys';
import { deleteSurveyResponse } from '../responses';
import { findSurveyResponse } from './response-detail.repository';
import { flagResponses } from './response-flags';
import { toResponseRow } from './result-rows';

export type ResponseDetailDeps = Pick<
  AppContext,
  'db' | 'audit' | 'liveEvents' | 'clock' | 'outbox' | 'events' | 'projections'
>;

/** One response of a survey: read by whoever may see the results; deleted by an editor or owner of its workspace. */
export function createResponseDetailService(deps: ResponseDetailDeps) {
  const { db, audit, liveEvents } = deps;
  const access = createSurveyAccess(deps);

  return {
    /** GET /api/surveys/:surveyId/responses/:responseId. 404 RESPONSE_NOT_FOUND for a response of no such id here. */
    async getResponse(actor: Actor, surveyId: string, responseId: string): Promise<ResponseRow> {
      const survey = await access.loadSurveyFor(actor, surveyId, 'view-results');
      const row = await findSurveyResponse(db.kysely, survey.id, responseId);
      if (!row) throw new NotFoundError('RESPONSE_NOT_FOUND');
      const flags = await flagResponses(db.kysely, survey.id, [row]);
      return toResponseRow(row, flags.get(row.id));
    },

    /**
     * DELETE /api/surveys/:surveyId/responses/:responseId, in any state but deleted. In ONE transaction, with the
     * creator's row and then the survey's locked (the order every survey write locks in, so a submission or another
     * deletion of the survey waits), the response goes and every counter it was in is taken down (see
     * deleteSurveyResponse and the projections): statistics, totals, timeline, funnel and exports show it gone at once. A survey its
     * response limit closed stays closed. Then the audit entry, and the live event with the new total. Deleting
     * the same response twice at once: one succeeds, the other answers 404 and changes nothing.
     */
    async deleteResponse(principal: Principal, surveyId: string, responseId: string, address: string): Promise<void> {
      const { totalResponses, outboxWritten } = await db.kysely.transaction().execute(async (trx) => {
        const ownerId = await findSurveyOwnerId(trx, surveyId);
        if (ownerId !== undefined) await lockOwner(trx, db.dialect, ownerId);
        const survey = await access.loadSurveyFor(principal, surveyId, 'delete-responses', { lockIn: trx });
        const questions = await findQuestions(trx, survey.id, { includeDeleted: true });
        const current = questions.filter((q) => q.is_deleted === 0).map(questionFromRow);
        const deleted = questions.filter((q) => q.is_deleted !== 0).map(questionFromRow);
        const total = await deleteSurveyResponse(
          trx,
          db.dialect,
          deps.projections,
          { id: survey.id, questions: current, deletedQuestions: deleted },
          responseId,
        );
        if (total === undefined) throw new NotFoundError('RESPONSE_NOT_FOUND');
        const event = {
          type: 'response.deleted' as const,
          survey: { id: survey.id, title: survey.title, ownerId: survey.user_id, webhookCount: survey.webhook_count },
          at: deps.clock.now().toISOString(),
          responseId,
        };
        return { totalResponses: total, outboxWritten: await deps.events.record(trx, [event]) };
      });
      if (outboxWritten) deps.outbox.nudge();
      await audit.record({
        type: 'response.deleted',
        actor: auditActor(principal),
        address,
        target: { type: 'survey', id: surveyId },
        details: { responseId },
      });
      liveEvents.publish({ surveyId, responseId, totalResponses });
    },
  };
}
