import { checkResponse, type SubmittedAnswer } from '@quorum/contract';
import type { AppContext } from '../../context';
import { AppError, NotFoundError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { inDefaultLanguage } from './answers-in-default-language';
import type { NewResponse } from './responses.repository';
import type { SubmissionQueue } from './submission-queue';
import { hiddenFieldRefusal, languageRefusal, respondentRefusal, timeRefusal } from './submission-refusals';
import type { CheckedAgainst, SurveyCopies } from './survey-copies';

/** One submission as the public route takes it. */
export interface Submission {
  answers: SubmittedAnswer[];
  respondentId?: string;
  hiddenFields?: Record<string, string>;
  /** The visit the page opened (POST …/visits): the funnel counts this response as its completion. */
  visitId?: string;
  /** The survey language it was answered in; default: the survey's default language. */
  language?: string;
}

/** Answers given in a translation are checked, counted and stored as the default language's (same positions). */
function answersGiven(against: CheckedAgainst, { answers, language }: Submission): SubmittedAnswer[] {
  return language === undefined ? answers : inDefaultLanguage(against, language, answers);
}

/** Why the survey as copied refuses the submission apart from its answers: schedule, hidden fields, browser, language. */
function refusalOf(
  against: CheckedAgainst,
  submission: Submission,
  hiddenFields: Record<string, string> | null,
  submittedAt: string,
): AppError | undefined {
  return (
    timeRefusal(against.settings, submittedAt) ??
    hiddenFieldRefusal(against.settings, hiddenFields) ??
    respondentRefusal(against.settings, submission.respondentId) ??
    languageRefusal(against, submission.language)
  );
}

/**
 * A submission is checked against the survey's copy, and only refused against the current survey: the kept copy
 * may predate an edit that makes it valid. Then it is queued, and answered once its group commit committed.
 */
export function createSubmit(
  deps: Pick<AppContext, 'clock' | 'liveEvents'>,
  copies: SurveyCopies,
  queue: Pick<SubmissionQueue, 'enqueue'>,
): (surveyId: string, submission: Submission) => Promise<{ responseId: string }> {
  return async function submit(surveyId, submission) {
    let checkedAgainst = await copies.active(surveyId);
    if (!checkedAgainst) throw new NotFoundError('SURVEY_NOT_FOUND');
    const submittedAt = deps.clock.now().toISOString();
    const hiddenFields =
      submission.hiddenFields && Object.keys(submission.hiddenFields).length > 0 ? submission.hiddenFields : null;
    let inDefault = answersGiven(checkedAgainst, submission);
    let check = checkResponse(checkedAgainst.questions, inDefault);
    if (!check.ok || refusalOf(checkedAgainst, submission, hiddenFields, submittedAt)) {
      // Refuse only on the current survey: the kept copy may predate an edit that makes this valid.
      copies.forget(surveyId);
      checkedAgainst = await copies.active(surveyId);
      if (!checkedAgainst) throw new NotFoundError('SURVEY_NOT_FOUND');
      const refusal = refusalOf(checkedAgainst, submission, hiddenFields, submittedAt);
      if (refusal) throw refusal;
      inDefault = answersGiven(checkedAgainst, submission);
      check = checkResponse(checkedAgainst.questions, inDefault);
      if (!check.ok) throw AppError.of(400, check);
    }
    const response: NewResponse = {
      id: newId(),
      submittedAt,
      answers: check.answers,
      // Only the declared names reach this point; copied into a fresh object, key by key.
      hiddenFields: hiddenFields && Object.fromEntries(Object.entries(hiddenFields)),
      // Kept only when the survey asks for one response per browser (decided again in the transaction).
      respondentId: submission.respondentId ?? null,
      // Counted in the funnel only when it is an open visit of this survey (decided in the transaction).
      visitId: submission.visitId ?? null,
      language: submission.language ?? checkedAgainst.languages.defaultLanguage,
    };
    const totalResponses = await queue.enqueue(surveyId, checkedAgainst, inDefault, response);
    deps.liveEvents.publish({ surveyId, responseId: response.id, totalResponses });
    return { responseId: response.id };
  };
}
