import { checkResponse, type SubmittedAnswer } from '@quorum/contract';
import { languagesOf } from '../surveys';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { BatchDecision } from './group-commit';
import type { LockedSurvey, NewResponse } from './responses.repository';
import { hiddenFieldRefusal, respondentRefusal } from './submission-refusals';
import type { CheckedAgainst } from './survey-copies';

/** A checked submission waiting for the group commit that writes it. */
export interface Pending {
  surveyId: string;
  checkedAgainst: CheckedAgainst;
  answers: SubmittedAnswer[];
  response: NewResponse;
  resolve(totalResponses: number): void;
  reject(error: Error): void;
}

/** What a survey takes of its pending submissions: `items` are the responses of `kept`, in the same order. */
export interface SurveyDecision extends BatchDecision {
  kept: Pending[];
  close: boolean;
}

/**
 * Which of an open survey's pending submissions it takes, decided on the survey as read under its lock (its
 * settings, languages, response count, current questions and the browsers that answered already), so one that
 * changed since a submission was checked holds too. Each one refused gets its error in `refused`; the survey is to
 * be closed when the taken ones reach its response limit. `fingerprint` is that of the survey's current questions.
 */
export function decideSurvey(
  survey: LockedSurvey,
  fingerprint: string,
  pendings: readonly Pending[],
  refused: Map<Pending, Error>,
): SurveyDecision {
  const { settings } = survey;
  // What the response limit leaves: the count read under the survey's lock, so never one over.
  let room = settings.responseLimit === null ? Infinity : settings.responseLimit - survey.responseCount;
  const seen = new Set(survey.answeredRespondentIds);
  const items: NewResponse[] = [];
  const kept: Pending[] = [];
  const offered = survey.languages && languagesOf(survey.languages);
  for (const p of pendings) {
    // The settings as read under the survey's lock: one changed since the response was checked holds too.
    const problem =
      hiddenFieldRefusal(settings, p.response.hiddenFields ?? null) ??
      respondentRefusal(settings, p.response.respondentId);
    if (problem) {
      refused.set(p, problem);
      continue;
    }
    // A language removed since the response was checked is not taken any more.
    if (offered && !offered.includes(p.response.language!)) {
      refused.set(p, new BadRequestError('LANGUAGE_NOT_OFFERED', { language: p.response.language! }));
      continue;
    }
    if (p.checkedAgainst.fingerprint !== fingerprint) {
      const check = checkResponse(survey.questions, p.answers);
      if (!check.ok) {
        refused.set(p, AppError.of(400, check));
        continue;
      }
      p.response.answers = check.answers;
    }
    // One response per browser: only while the setting is on; earlier ones and this batch's alike.
    const respondentId = settings.oneResponsePerBrowser ? (p.response.respondentId ?? null) : null;
    if (respondentId !== null && seen.has(respondentId)) {
      refused.set(p, new ConflictError('ALREADY_RESPONDED'));
      continue;
    }
    if (room <= 0) {
      // The limit is reached: refused as a closed survey is.
      refused.set(p, new NotFoundError('SURVEY_NOT_FOUND'));
      continue;
    }
    if (respondentId !== null) seen.add(respondentId);
    p.response.respondentId = respondentId;
    room -= 1;
    items.push(p.response);
    kept.push(p);
  }
  const close = settings.responseLimit !== null && room <= 0;
  return { questions: survey.questions, items, close, kept };
}
