import {
  LIMITS,
  type NormalisedSurveyInput,
  type Question,
  type QuestionTranslation,
  type SurveyGenerator,
  type SurveyTranslations,
} from '@quorum/contract';
import { newId } from '../../lib/ids';
import { toRow, withRenamedTargets } from './question-plan';
import { questionRow, type QuestionRow } from './question-row';
import { languageColumns, languagesFromRow, type SurveyLanguages } from './survey-languages-row';
import { settingsColumns, settingsFromRow } from './survey-settings-row';
import type { SurveyRow } from './surveys.repository';

/** The rows of a new draft of `creatorId` in `workspaceId`, made at `now` from `input`; questions without an id get one. */
export function newDraftRows(
  creatorId: string,
  workspaceId: string,
  input: NormalisedSurveyInput,
  generator: SurveyGenerator,
  now: string,
): { row: SurveyRow; questionRows: QuestionRow[] } {
  const row: SurveyRow = {
    id: newId(),
    user_id: creatorId,
    project_name: input.projectName,
    project_id: input.projectId,
    title: input.title,
    branding_image_url: input.brandingImageUrl,
    state: 'draft',
    generator,
    response_count: 0,
    created_at: now,
    updated_at: now,
    workspace_id: workspaceId,
    version: 1,
    updated_by: null,
    launched_by: null,
    webhook_count: 0,
    digest_sent_at: null,
    ...settingsColumns(input),
    ...languageColumns(input),
  };
  const questionRows = input.questions.map((q, position) => toRow(row.id, q.id ?? newId(), position, q));
  return { row, questionRows };
}

/** A survey's languages with each question's translation under the question's new id (see `copyOfSurvey`). */
function withRenamedTranslations(languages: SurveyLanguages, renamed: ReadonlyMap<string, string>): SurveyLanguages {
  const translations: SurveyTranslations = {};
  for (const [language, translation] of Object.entries(languages.translations)) {
    if (!translation.questions) {
      translations[language] = translation;
      continue;
    }
    const questions = Object.create(null) as Record<string, QuestionTranslation>;
    for (const [id, question] of Object.entries(translation.questions)) {
      const to = renamed.get(id);
      // A translation of a question the copy does not have is left out.
      if (to !== undefined) questions[to] = question;
    }
    translations[language] = { ...translation, questions };
  }
  return { defaultLanguage: languages.defaultLanguage, translations };
}

/**
 * The rows of a copy of `row` with its current `questions`, as a new draft of `creatorId` made at `now`, titled
 * "Copy of {title}" (cut to the title limit). Every question gets a new id and the skip-logic rules and the
 * translations go to the new ids; responses and counters are not copied.
 */
export function copyOfSurvey(
  row: SurveyRow,
  questions: readonly Question[],
  creatorId: string,
  now: string,
): { row: SurveyRow; questionRows: QuestionRow[] } {
  const renamed = new Map(questions.map((q) => [q.id, newId()]));
  const copy: SurveyRow = {
    ...row,
    id: newId(),
    user_id: creatorId,
    title: `Copy of ${row.title}`.slice(0, LIMITS.title).trim(),
    state: 'draft',
    generator: 'manual',
    response_count: 0,
    created_at: now,
    updated_at: now,
    version: 1,
    updated_by: null,
    launched_by: null,
    webhook_count: 0,
    digest_sent_at: null,
    // Stored as read, so a copy never carries what reading left out.
    ...settingsColumns(settingsFromRow(row)),
    ...languageColumns(withRenamedTranslations(languagesFromRow(row), renamed)),
  };
  const questionRows = questions.map((q, position) =>
    questionRow(copy.id, position, withRenamedTargets({ ...q, id: renamed.get(q.id)! }, renamed)),
  );
  return { row: copy, questionRows };
}
