import type { ParsedSurveyListQuery, PublicSurvey, Survey, SurveyListResponse, SurveySummary } from '@quorum/contract';
import type { AppContext } from '../../context';
import { languageToShow, toPublicSurvey, type WantedLanguage } from './public-survey';
import { questionFromRow } from './question-row';
import { languagesFromRow } from './survey-languages-row';
import { createSurveyAccess, seesCreator, surveyAt, type Actor } from './survey-policy';
import { surveyFromRow } from './survey-row';
import { settingsFromRow } from './survey-settings-row';
import { viewFor, viewOf } from './survey-view';
import { findQuestions, listSurveys as listSurveyRows } from './surveys.repository';

/** Reading surveys: one survey, its preview, and a workspace's list. */
export function createSurveyReadingService(deps: Pick<AppContext, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const access = createSurveyAccess(deps);

  return {
    /**
     * GET /api/surveys/:id/preview: the survey as respondents would see it, in any state, for whoever may view it
     * (a member of its workspace, an administrator); anyone else gets the 404 an unknown id gets.
     */
    async preview(actor: Actor, surveyId: string, wanted: WantedLanguage = {}): Promise<PublicSurvey> {
      const row = await access.loadSurveyFor(actor, surveyId, 'view');
      const questions = await findQuestions(db.kysely, surveyId, { includeDeleted: false });
      const languages = languagesFromRow(row);
      return toPublicSurvey(
        {
          id: row.id,
          projectId: row.project_id,
          title: row.title,
          brandingImageUrl: row.branding_image_url,
          questions: questions.map(questionFromRow),
          settings: settingsFromRow(row),
          languages,
        },
        languageToShow(languages, wanted),
      );
    },

    /** One survey with its current (not deleted) questions, for whoever may view it. */
    async get(actor: Actor, surveyId: string): Promise<Survey> {
      const { row, role } = await access.loadSurveyAndRoleFor(actor, surveyId, 'view');
      const questions = await findQuestions(db.kysely, surveyId, { includeDeleted: false });
      return surveyFromRow(row, questions.map(questionFromRow), await viewFor(actor, db.kysely, row, role));
    },

    /**
     * GET /api/surveys: the surveys of one workspace (default: the actor's personal one; an administrator's
     * default is every survey), in the asked order (newest first by default), in one query.
     */
    async list(actor: Actor, query: ParsedSurveyListQuery): Promise<SurveyListResponse> {
      const withCreator = seesCreator(actor);
      const scope = await access.listFor(actor, query.workspaceId);
      const now = clock.now().toISOString();
      const { rows, total } = await listSurveyRows(db.kysely, {
        now,
        workspaceId: scope.workspaceId,
        includeDeleted: scope.includeDeleted,
        searchCreator: withCreator,
        state: query.state,
        q: query.q ? query.q : undefined,
        sort: query.sort,
        // Newest and most answered first unless asked otherwise; titles from A.
        order: query.order ?? (query.sort === 'title' ? 'asc' : 'desc'),
        limit: query.limit,
        offset: query.offset,
      });
      const surveys: SurveySummary[] = rows.map((stored) => {
        const row = surveyAt(stored, now);
        // A summary has no translations: they are not read.
        const {
          questions: _questions,
          translations: _translations,
          ...rest
        } = surveyFromRow({ ...row, translations: null }, [], viewOf(row, row, scope.role, withCreator));
        return { ...rest, questionCount: row.question_count };
      });
      return { surveys, total };
    },
  };
}
