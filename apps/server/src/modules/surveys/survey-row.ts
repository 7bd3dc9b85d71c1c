import type { Question, Survey } from '@quorum/contract';
import { languagesFromRow } from './survey-languages-row';
import { settingsFromRow } from './survey-settings-row';
import type { SurveyView } from './survey-view';
import type { SurveyRow } from './surveys.repository';

const NO_VIEW: SurveyView = { createdBy: null, updatedBy: null, role: null };

/** The contract's survey from its stored row, its questions and how the reader is shown it (see `viewFor`). */
export function surveyFromRow(row: SurveyRow, questions: Question[], view: SurveyView = NO_VIEW): Survey {
  return {
    surveyId: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    title: row.title,
    projectName: row.project_name,
    brandingImageUrl: row.branding_image_url,
    state: row.state,
    questions,
    generator: row.generator,
    responseCount: Number(row.response_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...settingsFromRow(row),
    ...languagesFromRow(row),
    ...(view.creator ? { creator: view.creator } : {}),
    workspaceId: row.workspace_id,
    createdBy: view.createdBy,
    updatedBy: view.updatedBy,
    version: Number(row.version),
    role: view.role,
  };
}
