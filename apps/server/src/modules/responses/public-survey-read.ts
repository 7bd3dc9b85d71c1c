import type { PublicSurvey } from '@quorum/contract';
import { languageToShow, openToRespondents, scheduleAt, toPublicSurvey, type WantedLanguage } from '../surveys';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../lib/errors';
import { findSurveyForTaking } from './responses.repository';

/** The survey as a respondent sees it, in the language wanted (see languageToShow): 404 unless it takes responses now. */
export async function readPublicSurvey(
  deps: Pick<AppContext, 'db' | 'clock'>,
  surveyId: string,
  wanted: WantedLanguage = {},
): Promise<PublicSurvey> {
  const survey = await findSurveyForTaking(deps.db.kysely, surveyId);
  if (!survey || !openToRespondents(survey.state)) throw new NotFoundError('SURVEY_NOT_FOUND');
  // Past its closing time a survey is closed, whether or not the periodic close has got to it yet.
  if (scheduleAt(survey.settings, deps.clock.now().toISOString()) === 'closed') {
    throw new NotFoundError('SURVEY_NOT_FOUND');
  }
  return toPublicSurvey(survey, languageToShow(survey.languages, wanted));
}
