import type { AppContext } from '../../context';
import { createSurveyDraftsService } from './survey-drafts.service';
import { createSurveyEditingService } from './survey-editing.service';
import { createSurveyLifecycleService } from './survey-lifecycle.service';
import { createSurveyReadingService } from './survey-reading.service';

export type SurveysDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'audit' | 'outbox' | 'events' | 'projections'>;

/**
 * The rules of surveys, made of its parts: new drafts (create, generate, duplicate; the survey cap), reading (get,
 * preview, list), saving content (update) and state changes (launch, close, reopen, delete, restore).
 */
export function createSurveysService(deps: SurveysDeps) {
  return {
    ...createSurveyDraftsService(deps),
    ...createSurveyReadingService(deps),
    ...createSurveyEditingService(deps),
    ...createSurveyLifecycleService(deps),
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;
