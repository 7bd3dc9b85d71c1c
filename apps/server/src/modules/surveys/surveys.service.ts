import { recordSurveyEvents } from '../../events/survey-events';
import {
  LIMITS,
  MAX_ACTIVE_SURVEYS,
  canTransition,
  isActivation,
  stateChangeMessage,
  transitionRefusal,
  type NormalisedQuestionInput,
  type NormalisedSurveyInput,
  type PublicSurvey,
  type Question,
  type Survey,
  type SurveyGenerator,
  type ParsedSurveyListQuery,
  type SurveyListResponse,
  type SurveyState,
  type SurveySummary,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { ConflictError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { serverQuestionType } from '../../question-types';
import { questionFromRow, questionRow, type QuestionRow } from './question-row';
import { toPublicSurvey } from './public-survey';
import { settingsColumns, settingsFromRow } from './survey-settings-row';
import { assertMay, createSurveyAccess, listScope, seesCreator, type Actor } from './survey-policy';
import {
  answeredByQuestion,
  countActiveSurveys,
  countHeldSurveys,
  deleteCounters,
  findCreator,
  findQuestions,
  findSurveyOwnerId,
  insertSurvey,
  listSurveys as listSurveyRows,
  lockOwner,
  replaceQuestions,
  updateSurveyFields,
  updateSurveyState,
  type CreatorRow,
  type SurveyRow,
} from './surveys.repository';

// ---------------------------------------------------------------------------
// Row ↔ contract mapping
// ---------------------------------------------------------------------------

function toRow(surveyId: string, id: string, position: number, q: NormalisedQuestionInput): QuestionRow {
  return questionRow(surveyId, position, { ...q, id });
}

/** A question whose rules go to the questions' new ids where `renamed` gives one. */
function withRenamedTargets<Q extends { logic?: Array<{ goTo: string }> }>(
  q: Q,
  renamed: ReadonlyMap<string, string>,
): Q {
  if (!q.logic) return q;
  return { ...q, logic: q.logic.map((rule) => ({ ...rule, goTo: renamed.get(rule.goTo) ?? rule.goTo })) };
}

function creatorOf(row: CreatorRow | undefined): Survey['creator'] | undefined {
  return row && { id: row.creator_id, name: row.creator_name, email: row.creator_email };
}

export function surveyFromRow(row: SurveyRow, questions: Question[], creator?: Survey['creator']): Survey {
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
    ...(creator ? { creator } : {}),
    // MERGE: the Teams surveys part fills these from the workspace, the accounts and the caller's role.
    workspaceId: row.workspace_id,
    createdBy: null,
    updatedBy: null,
    version: Number(row.version),
    role: 'owner',
  };
}

// ---------------------------------------------------------------------------
// Editing questions
// ---------------------------------------------------------------------------

/** Whether stored answers keep their meaning under the edited question: the same type, and its type says so. */
function sameAnswerShape(row: QuestionRow, q: NormalisedQuestionInput): boolean {
  if (row.type !== q.type) return false;
  return serverQuestionType(q.type).keepsAnswers(questionFromRow(row), { ...q, id: row.id } as Question);
}

export interface QuestionPlan {
  /** Every row the survey keeps: the submitted questions in order, then the retained deleted ones. */
  rows: QuestionRow[];
  /** Questions removed for good (nobody answered them); their counters go too. */
  droppedIds: string[];
}

/**
 * How an edit changes a survey's questions:
 * - the submitted questions, in the submitted order, become positions 0..n-1; an id that matches a
 *   stored question updates it (and revives it if it was deleted), a missing or unknown id adds one;
 * - a stored question left out is kept with is_deleted = 1 when responses answered it, else removed;
 * - a question that was answered and whose type or rating scale changed would make the stored
 *   answers meaningless: the old question is kept as deleted (with its answers and counts) and the
 *   edited one is stored under a new id, starting from zero answers.
 * Retained deleted questions follow the current ones, in their previous order.
 */
export function planQuestionUpdate(
  surveyId: string,
  existing: readonly QuestionRow[],
  submitted: readonly NormalisedQuestionInput[],
  answered: ReadonlyMap<string, number>,
  makeId: () => string = newId,
): QuestionPlan {
  const byId = new Map(existing.map((row) => [row.id, row]));
  const kept = new Set<string>();
  const ids = submitted.map((q) => {
    const old = q.id ? byId.get(q.id) : undefined;
    if (old && !((answered.get(old.id) ?? 0) > 0 && !sameAnswerShape(old, q))) {
      kept.add(old.id);
      return old.id;
    }
    return old ? makeId() : (q.id ?? makeId());
  });
  // A question stored under a new id keeps the skip-logic rules that send respondents to it.
  const renamed = new Map<string, string>();
  submitted.forEach((q, position) => {
    if (q.id && q.id !== ids[position]) renamed.set(q.id, ids[position]!);
  });
  const current = submitted.map((q, position) =>
    toRow(surveyId, ids[position]!, position, renamed.size > 0 ? withRenamedTargets(q, renamed) : q),
  );
  const retained: QuestionRow[] = [];
  const droppedIds: string[] = [];
  for (const row of [...existing].sort((a, b) => a.position - b.position)) {
    if (kept.has(row.id)) continue;
    if (row.is_deleted === 1 || (answered.get(row.id) ?? 0) > 0) retained.push(row);
    else droppedIds.push(row.id);
  }
  const rows = [
    ...current,
    ...retained.map((row, index) => ({ ...row, position: current.length + index, is_deleted: 1 })),
  ];
  return { rows, droppedIds };
}

// ---------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------

export type SurveysDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'audit' | 'outbox'>;

/** The rules of surveys: listing, reading, creating, editing and state changes. */
export function createSurveysService(deps: SurveysDeps) {
  const { db, clock, config, audit } = deps;
  const access = createSurveyAccess(deps);

  /**
   * Refused when the owner already holds MAX_SURVEYS_PER_ACCOUNT surveys that are not deleted. 409, as for
   * the active-survey limit: the request is valid but conflicts with the account's current state, and the
   * owner resolves it by deleting surveys; not 429 (waiting does not help) nor 403 (creating is allowed).
   */
  const surveyLimitReached = () => new ConflictError('SURVEY_LIMIT_REACHED', { limit: config.maxSurveysPerAccount });

  /** The creator's name and email, for the actors who are shown them. */
  const creatorFor = async (actor: Actor, executor: Parameters<typeof findCreator>[0], userId: string) =>
    seesCreator(actor) ? creatorOf(await findCreator(executor, userId)) : undefined;

  /**
   * Stores a new survey as a draft for `ownerId`. The input is already normalised by the contract's
   * `surveyInputSchema` (projectId derived, options cleaned); questions without an id get one.
   *
   * Refused at the survey cap. The count and the insert run in one transaction with the owner's row
   * locked first (PostgreSQL), so concurrent creates by one owner run one after the other and never pass
   * the cap (SQLite runs transactions serially).
   */
  async function createDraft(
    ownerId: string,
    input: NormalisedSurveyInput,
    generator: SurveyGenerator,
  ): Promise<Survey> {
    const now = clock.now().toISOString();
    const row: SurveyRow = {
      id: newId(),
      user_id: ownerId,
      project_name: input.projectName,
      project_id: input.projectId,
      title: input.title,
      branding_image_url: input.brandingImageUrl,
      state: 'draft',
      generator,
      response_count: 0,
      created_at: now,
      updated_at: now,
      // MERGE: the Teams surveys part takes the workspace from the input (checking the caller's role in it).
      workspace_id: ownerId,
      version: 1,
      updated_by: null,
      launched_by: null,
      webhook_count: 0,
      digest_sent_at: null,
      ...settingsColumns(input),
    };
    const questionRows = input.questions.map((q, position) => toRow(row.id, q.id ?? newId(), position, q));
    return storeDraft(row, questionRows);
  }

  /** Stores a new draft's rows, refused at the survey cap (see createDraft). */
  async function storeDraft(row: SurveyRow, questionRows: QuestionRow[]): Promise<Survey> {
    const ownerId = row.user_id;
    await db.kysely.transaction().execute(async (trx) => {
      await lockOwner(trx, db.dialect, ownerId);
      if ((await countHeldSurveys(trx, ownerId)) >= config.maxSurveysPerAccount) throw surveyLimitReached();
      await insertSurvey(trx, row, questionRows);
    });
    return surveyFromRow(row, questionRows.map(questionFromRow));
  }

  return {
    createDraft,

    /** Refuses early when the owner is at the survey cap, before costly work (AI generation); createDraft checks again. */
    async assertBelowSurveyLimit(ownerId: string): Promise<void> {
      if ((await countHeldSurveys(db.kysely, ownerId)) >= config.maxSurveysPerAccount) throw surveyLimitReached();
    },

    /** POST /api/surveys: a new draft owned by the actor. */
    async create(actor: Actor, input: NormalisedSurveyInput): Promise<Survey> {
      assertMay(actor, 'create');
      return createDraft(actor.id, input, 'manual');
    },

    /**
     * POST /api/surveys/:id/duplicate: a new draft of the owner's with the survey's project, questions and settings,
     * titled "Copy of {title}" (cut to the title limit). Every question gets a new id and the skip-logic rules go
     * to the new ids; responses and counters are not copied. Held to the survey cap like any new survey.
     */
    async duplicate(actor: Actor, surveyId: string): Promise<Survey> {
      assertMay(actor, 'create');
      const row = await access.loadSurveyFor(actor, surveyId, 'view');
      const questions = (await findQuestions(db.kysely, surveyId, { includeDeleted: false })).map(questionFromRow);
      const renamed = new Map(questions.map((q) => [q.id, newId()]));
      const now = clock.now().toISOString();
      const copy: SurveyRow = {
        ...row,
        id: newId(),
        title: `Copy of ${row.title}`.slice(0, LIMITS.title).trim(),
        state: 'draft',
        generator: 'manual',
        response_count: 0,
        created_at: now,
        updated_at: now,
        // Stored as read, so a copy never carries what reading left out.
        ...settingsColumns(settingsFromRow(row)),
      };
      const questionRows = questions.map((q, position) =>
        questionRow(copy.id, position, withRenamedTargets({ ...q, id: renamed.get(q.id)! }, renamed)),
      );
      return storeDraft(copy, questionRows);
    },

    /**
     * GET /api/surveys/:id/preview: the survey as respondents would see it, in any state, for whoever may view it
     * (its owner, an administrator); anyone else gets the 404 an unknown id gets.
     */
    async preview(actor: Actor, surveyId: string): Promise<PublicSurvey> {
      const row = await access.loadSurveyFor(actor, surveyId, 'view');
      const questions = await findQuestions(db.kysely, surveyId, { includeDeleted: false });
      return toPublicSurvey({
        id: row.id,
        projectId: row.project_id,
        title: row.title,
        brandingImageUrl: row.branding_image_url,
        questions: questions.map(questionFromRow),
        settings: settingsFromRow(row),
      });
    },

    /** One survey with its current (not deleted) questions, for whoever may view it. */
    async get(actor: Actor, surveyId: string): Promise<Survey> {
      const row = await access.loadSurveyFor(actor, surveyId, 'view');
      const questions = await findQuestions(db.kysely, surveyId, { includeDeleted: false });
      return surveyFromRow(row, questions.map(questionFromRow), await creatorFor(actor, db.kysely, row.user_id));
    },

    /** GET /api/surveys: the surveys the actor may list, in the asked order (newest first by default). */
    async list(actor: Actor, query: ParsedSurveyListQuery): Promise<SurveyListResponse> {
      const withCreator = seesCreator(actor);
      const { rows, total } = await listSurveyRows(db.kysely, {
        ownerId: listScope(actor).ownerId,
        state: query.state,
        q: query.q ? query.q : undefined,
        sort: query.sort,
        // Newest and most answered first unless asked otherwise; titles from A.
        order: query.order ?? (query.sort === 'title' ? 'asc' : 'desc'),
        limit: query.limit,
        offset: query.offset,
      });
      const surveys: SurveySummary[] = rows.map((row) => {
        const { questions: _questions, ...rest } = surveyFromRow(row, [], withCreator ? creatorOf(row) : undefined);
        return { ...rest, questionCount: row.question_count };
      });
      return { surveys, total };
    },

    /**
     * PUT /api/surveys/:id: the owner edits a draft or active survey. Runs in one transaction with
     * the survey row locked (PostgreSQL), so a concurrent state change or edit waits, and the
     * "answered" figures deciding what is kept are read under that lock.
     */
    async update(actor: Actor, surveyId: string, input: NormalisedSurveyInput): Promise<Survey> {
      return db.kysely.transaction().execute(async (trx) => {
        const row = await access.loadSurveyFor(actor, surveyId, 'edit', { lockIn: trx });
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
          // MERGE: the Teams surveys part checks input.version and records who saved.
          version: Number(row.version) + 1,
          updated_by: actor.id,
        };
        await updateSurveyFields(trx, surveyId, fields);
        await replaceQuestions(trx, surveyId, plan.rows);
        await deleteCounters(trx, surveyId, plan.droppedIds);
        const questions = plan.rows.filter((q) => q.is_deleted === 0).map(questionFromRow);
        return surveyFromRow({ ...row, ...fields }, questions);
      });
    },

    /**
     * PATCH /api/surveys/:id/state. An owner follows OWNER_TRANSITIONS; launching or resuming is
     * refused when the owner already has MAX_ACTIVE_SURVEYS active. The count and the update run in
     * one transaction; on PostgreSQL the owner's row is locked first, so concurrent activations by one
     * owner run one after the other and never exceed the limit (SQLite runs transactions serially).
     * An administrator may only restore a deleted survey to draft. Restoring is not held to the survey
     * cap (MAX_SURVEYS_PER_ACCOUNT): it is an administrator's deliberate act for one survey, and refusing
     * it would leave them to delete some of the owner's surveys first. Deleting and restoring are recorded in
     * the audit log (`survey.deleted`, `survey.restored`), with the survey's title, once the change is stored.
     */
    async changeState(
      actor: Actor,
      surveyId: string,
      to: SurveyState,
      address: string | null = null,
    ): Promise<{ message: string; survey: Survey }> {
      const { from, outboxWritten, ...answer } = await db.kysely.transaction().execute(async (trx) => {
        // The owner's row first, then the survey's: the order every survey write locks in.
        const ownerId = await findSurveyOwnerId(trx, surveyId);
        if (ownerId !== undefined) await lockOwner(trx, db.dialect, ownerId);
        const row = await access.loadSurveyFor(actor, surveyId, { moveTo: to }, { lockIn: trx });
        const from = row.state;
        if (!canTransition(from, to, actor.type)) {
          throw new ConflictError(transitionRefusal(from, to, actor.type).code, { from, to });
        }
        if (isActivation(from, to) && (await countActiveSurveys(trx, row.user_id)) >= MAX_ACTIVE_SURVEYS) {
          throw new ConflictError('ACTIVE_LIMIT_REACHED', { limit: MAX_ACTIVE_SURVEYS });
        }
        const updatedAt = clock.now().toISOString();
        await updateSurveyState(trx, surveyId, to, updatedAt);
        // Closing by hand is a `survey.closed` event for the survey's webhooks (the owner is not mailed: they did it).
        const outboxWritten =
          to === 'closed' &&
          (await recordSurveyEvents(trx, [
            {
              type: 'survey.closed',
              survey: { id: row.id, title: row.title, ownerId: row.user_id, webhookCount: row.webhook_count },
              at: updatedAt,
              reason: 'manual',
            },
          ]));
        const questions = await findQuestions(trx, surveyId, { includeDeleted: false });
        return {
          outboxWritten,
          from,
          message: stateChangeMessage(from, to),
          survey: surveyFromRow(
            { ...row, state: to, updated_at: updatedAt },
            questions.map(questionFromRow),
            await creatorFor(actor, trx, row.user_id),
          ),
        };
      });
      if (outboxWritten) deps.outbox.nudge();
      const type = to === 'deleted' ? 'survey.deleted' : from === 'deleted' ? 'survey.restored' : undefined;
      if (type) {
        await audit.record({
          type,
          actor: auditActor(actor),
          address,
          target: { type: 'survey', id: surveyId },
          details: { title: answer.survey.title },
        });
      }
      return answer;
    },
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;
