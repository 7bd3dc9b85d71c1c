import type { NormalisedSurveyInput, Survey } from '@quorum/contract';
import type { AppContext } from '../../context';
import { ConflictError } from '../../lib/errors';
import { answeredByQuestion } from '../tallies';
import { planQuestionUpdate } from './question-plan';
import { questionFromRow } from './question-row';
import { languageColumns } from './survey-languages-row';
import { createSurveyAccess, surveyAt, type Actor } from './survey-policy';
import { surveyFromRow } from './survey-row';
import { settingsColumns } from './survey-settings-row';
import { viewFor } from './survey-view';
import { findPeople, findQuestions, replaceQuestions, updateSurveyFields } from './surveys.repository';

/** Saving a survey's content: its fields and questions (see `planQuestionUpdate`), guarded by its version. */
export function createSurveyEditingService(deps: Pick<AppContext, 'db' | 'clock' | 'projections'>) {
  const { db, clock } = deps;
  const access = createSurveyAccess(deps);

  return {
    /**
     * PUT /api/surveys/:id: an editor or owner of its workspace edits a draft or active survey. Runs in one
     * transaction with the survey row locked (PostgreSQL), so a concurrent state change or edit waits, and the
     * "answered" figures deciding what is kept are read under that lock.
     *
     * No lost edits: a save naming the `version` it loaded is refused with 409 SURVEY_VERSION_CONFLICT (the
     * version now, who saved it, when) when the survey was saved since, and changes nothing; two saves of one
     * version run one after the other, so exactly one passes. A save without `version` is not checked. Every
     * save adds one to the version and records who saved. The survey stays in its workspace (`workspaceId` of
     * the input is ignored).
     */
    async update(actor: Actor, surveyId: string, input: NormalisedSurveyInput): Promise<Survey> {
      return db.kysely.transaction().execute(async (trx) => {
        const { row, role } = await access.loadSurveyAndRoleFor(actor, surveyId, 'edit', { lockIn: trx });
        const version = Number(row.version);
        if (input.version !== undefined && input.version !== version) {
          const updatedBy =
            row.updated_by === null ? undefined : (await findPeople(trx, [row.updated_by])).get(row.updated_by);
          throw new ConflictError('SURVEY_VERSION_CONFLICT', {
            version,
            updatedBy: updatedBy?.name ?? 'someone else',
            updatedAt: row.updated_at,
          });
        }
        const existing = await findQuestions(trx, surveyId, { includeDeleted: true });
        const answered = await answeredByQuestion(trx, surveyId);
        const plan = planQuestionUpdate(surveyId, existing, input.questions, answered);
        const fields = {
          project_name: input.projectName,
          project_id: input.projectId,
          title: input.title,
          branding_image_url: input.brandingImageUrl,
          updated_at: clock.now().toISOString(),
          ...settingsColumns(input),
          ...languageColumns(input),
          version: version + 1,
          updated_by: actor.id,
        };
        await updateSurveyFields(trx, surveyId, fields);
        await replaceQuestions(trx, surveyId, plan.rows);
        for (const projection of deps.projections) await projection.questionsDropped(trx, surveyId, plan.droppedIds);
        const questions = plan.rows.filter((q) => q.is_deleted === 0).map(questionFromRow);
        // A closing time saved in the past closes an active survey at once: the answer reads as every read will.
        const saved = surveyAt({ ...row, ...fields }, fields.updated_at);
        return surveyFromRow(saved, questions, await viewFor(actor, trx, saved, role));
      });
    },
  };
}
