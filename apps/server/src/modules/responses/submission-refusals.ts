import { scheduleAt, type SurveySettings } from '../surveys';
import { BadRequestError, ForbiddenError, NotFoundError, type AppError } from '../../lib/errors';
import type { CheckedAgainst } from './survey-copies';

// Why a survey refuses a submission, from its settings: checked on arrival and again in the group commit.

/**
 * Why a survey takes no submission at `now` from its settings, checked on arrival and again in the transaction:
 * before opensAt, 403 SURVEY_NOT_OPEN_YET; from closesAt on, the 404 a closed survey gets (whether or not the
 * periodic close has set its state yet), so nothing is accepted late.
 */
export function timeRefusal(settings: SurveySettings, now: string): AppError | undefined {
  const schedule = scheduleAt(settings, now);
  if (schedule === 'not-yet-open') return new ForbiddenError('SURVEY_NOT_OPEN_YET', { opensAt: settings.opensAt! });
  if (schedule === 'closed') return new NotFoundError('SURVEY_NOT_FOUND');
  return undefined;
}

/** 400 HIDDEN_FIELD_UNKNOWN for the first hidden field the survey does not declare. */
export function hiddenFieldRefusal(
  settings: SurveySettings,
  values: Record<string, string> | null,
): AppError | undefined {
  if (!values) return undefined;
  const unknown = Object.keys(values).find((key) => !settings.hiddenFields.includes(key));
  return unknown === undefined ? undefined : new BadRequestError('HIDDEN_FIELD_UNKNOWN', { key: unknown });
}

/**
 * 400 RESPONDENT_ID_REQUIRED when the survey takes one response per browser and the submission names no browser:
 * without an id the limit could not hold, so such a response is refused, not taken unlimited.
 */
export function respondentRefusal(
  settings: SurveySettings,
  respondentId: string | null | undefined,
): AppError | undefined {
  return settings.oneResponsePerBrowser && !respondentId ? new BadRequestError('RESPONDENT_ID_REQUIRED') : undefined;
}

/** 400 LANGUAGE_NOT_OFFERED when `language` is not one of the survey's languages. */
export function languageRefusal(against: CheckedAgainst, language: string | undefined): AppError | undefined {
  if (language === undefined || against.offered.includes(language)) return undefined;
  return new BadRequestError('LANGUAGE_NOT_OFFERED', { language });
}
