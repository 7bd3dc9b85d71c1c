import type { PublicSurvey, Question } from '@quorum/contract';
import type { SurveySettings } from './survey-settings-row';

/** What the public shape is built from. */
export interface PublicSurveySource {
  id: string;
  projectId: string;
  title: string;
  brandingImageUrl: string | null;
  questions: Question[];
  settings: SurveySettings;
}

/**
 * What a respondent sees of a survey (the public page and the owner's preview alike): nothing about the owner and
 * never the response limit, which is the owner's business.
 */
export function toPublicSurvey(survey: PublicSurveySource): PublicSurvey {
  const { settings } = survey;
  return {
    surveyId: survey.id,
    projectId: survey.projectId,
    title: survey.title,
    brandingImageUrl: survey.brandingImageUrl,
    questions: survey.questions,
    opensAt: settings.opensAt,
    closesAt: settings.closesAt,
    oneResponsePerBrowser: settings.oneResponsePerBrowser,
    hiddenFields: settings.hiddenFields,
    welcome: settings.welcome,
    thankYou: settings.thankYou,
  };
}
