import type { NormalisedSurveyInput, Survey, SurveyGenerator, WorkspaceRole } from '@quorum/contract';
import type { AppContext } from '../../context';
import { ConflictError } from '../../lib/errors';
import { copyOfSurvey, newDraftRows } from './draft-rows';
import { questionFromRow, type QuestionRow } from './question-row';
import { assertMay, createSurveyAccess, newDraftIn, type Actor } from './survey-policy';
import { surveyFromRow } from './survey-row';
import { viewFor } from './survey-view';
import { countHeldSurveys, findQuestions, insertSurvey, lockOwner, type SurveyRow } from './surveys.repository';

/** New surveys: drafts made by hand, by generation and by duplicating one, each held to the survey cap. */
export function createSurveyDraftsService(deps: Pick<AppContext, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;
  const access = createSurveyAccess(deps);

  /**
   * Refused when the owner already holds MAX_SURVEYS_PER_ACCOUNT surveys that are not deleted. 409, as for
   * the active-survey limit: the request is valid but conflicts with the account's current state, and the
   * owner resolves it by deleting surveys; not 429 (waiting does not help) nor 403 (creating is allowed).
   */
  const surveyLimitReached = () => new ConflictError('SURVEY_LIMIT_REACHED', { limit: config.maxSurveysPerAccount });

  /**
   * Stores a new survey as a draft made by `creator` in `workspaceId` (checked by the caller: see
   * `workspaceToCreateIn`). The input is already normalised by the contract's `surveyInputSchema` (projectId
   * derived, options cleaned); questions without an id get one.
   *
   * Refused at the survey cap, which counts the surveys the creator holds in every workspace. The count and the
   * insert run in one transaction with the creator's row locked first (PostgreSQL), so concurrent creates by one
   * person run one after the other and never pass the cap (SQLite runs transactions serially).
   */
  async function createDraft(
    creator: Actor,
    workspace: { id: string; role: WorkspaceRole },
    input: NormalisedSurveyInput,
    generator: SurveyGenerator,
  ): Promise<Survey> {
    const draft = newDraftRows(creator.id, workspace.id, input, generator, clock.now().toISOString());
    return storeDraft(creator, workspace.role, draft.row, draft.questionRows);
  }

  /**
   * Stores a new draft's rows, refused at the survey cap (see createDraft); answered as its creator, whose role
   * in its workspace is `role`, sees it.
   */
  async function storeDraft(
    creator: Actor,
    role: WorkspaceRole,
    row: SurveyRow,
    questionRows: QuestionRow[],
  ): Promise<Survey> {
    const ownerId = row.user_id;
    const view = await db.kysely.transaction().execute(async (trx) => {
      await lockOwner(trx, db.dialect, ownerId);
      if ((await countHeldSurveys(trx, ownerId)) >= config.maxSurveysPerAccount) throw surveyLimitReached();
      await insertSurvey(trx, row, questionRows);
      return viewFor(creator, trx, row, role);
    });
    return surveyFromRow(row, questionRows.map(questionFromRow), view);
  }

  return {
    createDraft,

    /**
     * The workspace a new survey goes to, and the actor's role there: `workspaceId`, or by default the actor's
     * personal workspace. 404 WORKSPACE_NOT_FOUND for a workspace they are not a member of, 403
     * WORKSPACE_ROLE_FORBIDDEN for a viewer (see the policy).
     */
    async workspaceToCreateIn(
      actor: Actor,
      workspaceId: string | undefined,
    ): Promise<{ id: string; role: WorkspaceRole }> {
      return access.workspaceToCreateIn(actor, workspaceId);
    },

    /** Refuses early when the creator is at the survey cap, before costly work (AI generation); createDraft checks again. */
    async assertBelowSurveyLimit(creatorId: string): Promise<void> {
      if ((await countHeldSurveys(db.kysely, creatorId)) >= config.maxSurveysPerAccount) throw surveyLimitReached();
    },

    /** POST /api/surveys: a new draft made by the actor, in `input.workspaceId` (default: their personal workspace). */
    async create(actor: Actor, input: NormalisedSurveyInput): Promise<Survey> {
      const workspace = await access.workspaceToCreateIn(actor, input.workspaceId);
      return createDraft(actor, workspace, input, 'manual');
    },

    /**
     * POST /api/surveys/:id/duplicate: a new draft made by the actor, in the original's workspace (where they need to
     * be an editor or owner), with the survey's project, questions and settings (see `copyOfSurvey`). Held to the
     * actor's survey cap like any new survey.
     */
    async duplicate(actor: Actor, surveyId: string): Promise<Survey> {
      const { row, role } = await access.loadSurveyAndRoleFor(actor, surveyId, 'view');
      // Viewing it is not enough: the copy is a new survey in its workspace.
      assertMay(actor, 'create', newDraftIn(role ?? undefined));
      const questions = (await findQuestions(db.kysely, surveyId, { includeDeleted: false })).map(questionFromRow);
      const copy = copyOfSurvey(row, questions, actor.id, clock.now().toISOString());
      return storeDraft(actor, role!, copy.row, copy.questionRows);
    },
  };
}
