// The surveys module's face: what other modules may use of it (docs/architecture.md).
export { languageToShow, toPublicSurvey, type WantedLanguage } from './public-survey';
export { questionFromRow, STORED_QUESTION_COLUMNS, type StoredQuestion } from './question-row';
export { startSurveyCloser } from './survey-closer';
export { languagesFromRow, languagesOf, type SurveyLanguages } from './survey-languages-row';
export { type Actor, createSurveyAccess, openToRespondents, scheduleAt, surveyAt } from './survey-policy';
export { surveyFromRow } from './survey-row';
export { settingsFromRow, type SurveySettings } from './survey-settings-row';
export { surveyWriteLimit } from './survey-write-limit';
export {
  countActiveSurveys,
  deleteQuestionsInWorkspaces,
  deleteSurveysInWorkspaces,
  findQuestions,
  findSurveyOwnerId,
  listOwnedSurveys,
  lockOwner,
} from './surveys.repository';
export { surveysRoutes } from './surveys.routes';
export { createSurveysService, type SurveysService } from './surveys.service';
