import { SURVEY_MESSAGES, validationParams, type TranslateSurveyResponse } from '@quorum/contract';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { questionFromRow, createSurveyAccess, type Actor, findQuestions, surveyFromRow } from '../surveys';
import type { SurveyTranslator } from './ai-translator';

export interface TranslateDeps extends Pick<AppContext, 'db' | 'clock'> {
  /** Undefined when no AI provider is configured. */
  translator: SurveyTranslator | undefined;
}

/** The refusal a body naming the survey's own language gets: the contract's rule, as a schema refusal words it. */
function languageIsDefault(): BadRequestError<'VALIDATION_FAILED'> {
  const message = SURVEY_MESSAGES.translationOfDefault;
  const error = new BadRequestError(
    'VALIDATION_FAILED',
    validationParams({ code: 'custom', path: ['language'], message }, 'body'),
  );
  error.message = message;
  return error;
}

/** "Translate with AI": a draft translation of a survey for its author to review. */
export function createTranslateService(deps: TranslateDeps) {
  const { db, translator } = deps;
  const access = createSurveyAccess(deps);
  return {
    /**
     * POST /api/surveys/:surveyId/translate: the survey as saved, translated into `language` by the AI provider.
     * Nothing is stored: the author reviews the draft in the editor and saves the survey. For those who may edit
     * it (editors and owners of its workspace, while it is a draft or active); not into its default language
     * (400), and not without an AI provider (404 AI_NOT_CONFIGURED), both before the provider is asked.
     */
    async translate(actor: Actor, surveyId: string, language: string): Promise<TranslateSurveyResponse> {
      const row = await access.loadSurveyFor(actor, surveyId, 'edit');
      const questions = await findQuestions(db.kysely, surveyId, { includeDeleted: false });
      const survey = surveyFromRow(row, questions.map(questionFromRow));
      if (language === survey.defaultLanguage) throw languageIsDefault();
      if (!translator) throw new NotFoundError('AI_NOT_CONFIGURED');
      return { language, translation: await translator.translate(survey, language) };
    },
  };
}
