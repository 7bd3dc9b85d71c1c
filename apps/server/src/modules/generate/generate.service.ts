import { SURVEY_MESSAGES, surveyInputSchema, type Survey } from '@quorum/contract';
import { AI_MESSAGES } from '../../ai/openai-compatible-generator';
import type { SurveyDraftGenerator } from '../../ai/survey-draft-generator';
import type { AppContext } from '../../context';
import { AppError, ForbiddenError } from '../../lib/errors';
import type { SurveysService, Viewer } from '../surveys/surveys.service';

export interface GenerateDeps extends Pick<AppContext, 'log'> {
  generator: SurveyDraftGenerator;
  surveys: SurveysService;
}

/** Survey generation: an idea in, a draft survey out. */
export function createGenerateService(deps: GenerateDeps) {
  const { generator, surveys, log } = deps;
  return {
    /**
     * POST /api/surveys/generate: turns the idea into a draft survey owned by the user, within the same
     * survey cap as a hand-made one. The draft is normalised by the contract exactly as a hand-made survey is
     * on save, then stored with the kind of generator that made it.
     */
    async generate(viewer: Viewer, prompt: string): Promise<Survey> {
      if (viewer.type !== 'user') throw new ForbiddenError(SURVEY_MESSAGES.adminCannotCreate);
      // At the survey cap nothing is generated (a provider call costs money); the save checks the cap again.
      await surveys.assertBelowSurveyLimit(viewer.id);
      const draft = await generator.generate(prompt);
      const parsed = surveyInputSchema.safeParse(draft);
      if (!parsed.success) {
        log.error({ issues: parsed.error.issues, generator: generator.kind }, 'generated survey does not validate');
        throw new AppError(502, 'AI_PROVIDER_ERROR', AI_MESSAGES.unusable);
      }
      return surveys.createDraft(viewer.id, parsed.data, generator.kind);
    },
  };
}

export type GenerateService = ReturnType<typeof createGenerateService>;
