import { surveyInputSchema, type Survey } from '@quorum/contract';
import type { SurveyDraftGenerator } from '../../ai/survey-draft-generator';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import type { Actor, SurveysService } from '../surveys';

export interface GenerateDeps extends Pick<AppContext, 'log'> {
  generator: SurveyDraftGenerator;
  surveys: SurveysService;
}

/** Survey generation: an idea in, a draft survey out. */
export function createGenerateService(deps: GenerateDeps) {
  const { generator, surveys, log } = deps;
  return {
    /**
     * POST /api/surveys/generate: turns the idea into a draft survey made by the user in `workspaceId` (default:
     * their personal workspace, where they need to be an editor or owner), within the same survey cap as a
     * hand-made one. The draft is normalised by the contract exactly as a hand-made survey is on save, then
     * stored with the kind of generator that made it.
     */
    async generate(actor: Actor, prompt: string, workspaceId?: string): Promise<Survey> {
      // A workspace the user may not create in, or the survey cap: nothing is generated (a provider call costs
      // money); the save checks the cap again.
      const workspace = await surveys.workspaceToCreateIn(actor, workspaceId);
      await surveys.assertBelowSurveyLimit(actor.id);
      const draft = await generator.generate(prompt);
      const parsed = surveyInputSchema.safeParse(draft);
      if (!parsed.success) {
        log.error({ issues: parsed.error.issues, generator: generator.kind }, 'generated survey does not validate');
        throw new AppError(502, 'AI_UNUSABLE');
      }
      return surveys.createDraft(actor, workspace, parsed.data, generator.kind);
    },
  };
}
