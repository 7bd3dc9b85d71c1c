import type { AppContext } from '../../context';
import { canFollow, VISIT_PROGRESS_HOURS } from '@quorum/contract';
import { BadRequestError, ConflictError, NotFoundError, type AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { findSurveyForTaking, type SurveyForTaking } from '../responses';
import { openToRespondents, scheduleAt } from '../surveys';
import { reachQuestion } from './visit-progress';
import { insertVisit, recordVisitStep, type VisitRecord } from './visits.repository';

export type VisitsDeps = Pick<AppContext, 'db' | 'clock'>;

/**
 * The public page's funnel: a visit for each opening of the page, and its progress question by question. Only a
 * survey that takes responses now (active, opened, not yet closed) takes visits; any other answers 404 as its
 * public page would. No answer is ever stored here: only which questions a visit reached.
 */
export function createVisitsService(deps: VisitsDeps) {
  const { db, clock } = deps;

  async function openSurvey(surveyId: string): Promise<SurveyForTaking> {
    const survey = await findSurveyForTaking(db.kysely, surveyId);
    const open =
      survey && openToRespondents(survey.state) && scheduleAt(survey.settings, clock.now().toISOString()) === 'open';
    if (!open) throw new NotFoundError('SURVEY_NOT_FOUND');
    return survey;
  }

  return {
    /** POST /api/surveys/:surveyId/visits: a view of the public page. */
    async createVisit(surveyId: string): Promise<{ visitId: string }> {
      const survey = await openSurvey(surveyId);
      const visitId = newId();
      await insertVisit(db, { id: visitId, surveyId: survey.id, createdAt: clock.now().toISOString() });
      return { visitId };
    },

    /**
     * POST /api/surveys/:surveyId/visits/:visitId/progress: the visit reached `questionId` (see reachQuestion),
     * taken only as a respondent could get there (see progressRefusal); a question reached again changes nothing.
     * 400 UNKNOWN_QUESTION for a question the survey does not have now, 404 VISIT_NOT_FOUND for a visit this
     * survey did not give, 409 VISIT_EXPIRED for a visit opened VISIT_PROGRESS_HOURS ago or more, 409
     * VISIT_PROGRESS_OUT_OF_ORDER for a question that cannot follow the ones the visit reached; a refusal stores
     * nothing. A visit that already ended in a response is left as it is (204: its counts are final).
     */
    async recordProgress(surveyId: string, visitId: string, questionId: string): Promise<void> {
      const survey = await openSurvey(surveyId);
      if (!survey.questions.some((q) => q.id === questionId)) {
        throw new BadRequestError('UNKNOWN_QUESTION', { questionId });
      }
      const refusal = await recordVisitStep<AppError | undefined>(db, visitId, (visit) => {
        if (!visit || visit.surveyId !== survey.id) return { result: new NotFoundError('VISIT_NOT_FOUND') };
        if (visit.completedAt !== null) return { result: undefined };
        const refused = progressRefusal(survey, visit, questionId, clock.now());
        return refused ? { result: refused } : { result: undefined, record: reachQuestion(visit.path, questionId) };
      });
      if (refusal) throw refusal;
    },
  };
}

/**
 * Why a visit's progress to `questionId` is refused, if it is: the visit is older than VISIT_PROGRESS_HOURS, or the
 * question cannot follow the ones it reached (the contract's canFollow: the first question, one reached already,
 * the next one after a reached one, or a rule's target from one). So nobody can write a funnel a respondent
 * could not walk.
 */
function progressRefusal(
  survey: SurveyForTaking,
  visit: VisitRecord,
  questionId: string,
  now: Date,
): ConflictError<'VISIT_EXPIRED' | 'VISIT_PROGRESS_OUT_OF_ORDER'> | undefined {
  if (now.getTime() - Date.parse(visit.createdAt) >= VISIT_PROGRESS_HOURS * 3_600_000) {
    return new ConflictError('VISIT_EXPIRED', { hours: VISIT_PROGRESS_HOURS });
  }
  if (!canFollow(survey.questions, visit.path.reached, questionId)) {
    return new ConflictError('VISIT_PROGRESS_OUT_OF_ORDER', { questionId });
  }
  return undefined;
}
