import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerValue, PublicSurvey, Question, SubmitResponseBody } from '@quorum/contract';
import { ApiError } from '@/lib/api-client';
import { visitIdFor } from '../api/visits';
import { answersToSend } from '../answer-state';
import { formatOpening } from '../lib/opening-time';
import { respondentIdFor } from '../lib/respondent';
import { clearProgress } from './saved-progress';

interface ResponseSubmitOptions {
  survey: PublicSurvey;
  live: boolean;
  /** Sends one response: the public page posts it, the preview records nothing. */
  send: (body: SubmitResponseBody) => Promise<unknown>;
  onSubmitted: () => void;
  onAlreadyResponded: () => void;
}

/**
 * Sending the response, and what the respondent is told when it fails: the survey's opening time when it is not
 * open yet, else the server's message, and whether their answers are kept to try again. Once it is sent (or this
 * browser already responded) the live page forgets the saved progress.
 */
export function useResponseSubmit({ survey, live, send, onSubmitted, onAlreadyResponded }: ResponseSubmitOptions) {
  const { t } = useTranslation('runner');
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<{ message: string; retry: boolean } | null>(null);

  /** Sends the answers `counted` to the questions `walked` (the respondent's path), with the link's hidden fields. */
  const sendResponse = async (
    walked: readonly Question[],
    counted: Record<string, AnswerValue>,
    hiddenFields: Record<string, string>,
  ) => {
    setSubmitting(true);
    setSubmitError(null);
    try {
      const visitId = live ? visitIdFor(survey.surveyId) : undefined;
      await send({
        answers: answersToSend(walked, counted),
        // The courtesy limit: this browser's random id, only for a survey that asks for one response per browser.
        ...(live && survey.oneResponsePerBrowser ? { respondentId: respondentIdFor(survey.surveyId) } : {}),
        ...(Object.keys(hiddenFields).length > 0 ? { hiddenFields } : {}),
        ...(visitId ? { visitId } : {}),
        language: survey.language,
      });
      if (live) clearProgress(survey.surveyId);
      onSubmitted();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ALREADY_RESPONDED') {
        if (live) clearProgress(survey.surveyId);
        onAlreadyResponded();
        return;
      }
      const opensAt = error instanceof ApiError && error.code === 'SURVEY_NOT_OPEN_YET' ? error.params.opensAt : null;
      // The server's opening time (an ISO date-time) in the respondent's own locale and time zone.
      const message =
        typeof opensAt === 'string' && !Number.isNaN(Date.parse(opensAt))
          ? t('runner.opensOn', { time: formatOpening(opensAt) })
          : error instanceof ApiError && error.message
            ? error.message
            : '';
      setSubmitError({ message, retry: !(error instanceof ApiError && error.code === 'NO_ANSWERS') });
      setSubmitting(false);
    }
  };

  return { submitting, submitError, clearSubmitError: () => setSubmitError(null), sendResponse };
}
