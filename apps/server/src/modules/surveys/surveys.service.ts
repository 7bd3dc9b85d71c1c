import {
  LIMITS,
  MAX_ACTIVE_SURVEYS,
  canTransition,
  isActivation,
  pastClosingTime,
  stateChangeMessage,
  transitionRefusal,
  type NormalisedQuestionInput,
  type NormalisedSurveyInput,
  type PublicSurvey,
  type QuestionTranslation,
  type SurveyTranslations,
  type Question,
  type Survey,
  type SurveyGenerator,
  type ParsedSurveyListQuery,
  type SurveyListResponse,
  type SurveyState,
  type SurveySummary,
  type WorkspaceRole,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { ConflictError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { serverQuestionType } from '../../question-types';
import { questionFromRow, questionRow, type QuestionRow } from './question-row';
import { languageToShow, toPublicSurvey, type WantedLanguage } from './public-survey';
import { settingsColumns, settingsFromRow } from './survey-settings-row';
import { languageColumns, languagesFromRow, type SurveyLanguages } from './survey-languages-row';
import { assertMay, createSurveyAccess, newDraftIn, seesCreator, surveyAt, type Actor } from './survey-policy';
import { storeScheduledCloses } from './survey-closer';
import { answeredByQuestion } from '../tallies';
import {
  countActiveSurveys,
  countHeldSurveys,
  findPeople,
  findQuestions,
  insertSurvey,
  listSurveys as listSurveyRows,
  lockOwner,
  replaceQuestions,
  updateSurveyFields,
  updateSurveyState,
  type SurveyPeopleRow,
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

/** A survey's languages with each question's translation under the question's new id (see `duplicate`). */
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

/** What a survey is shown with besides its row: who made and last saved it, and the reader's role. */
export interface SurveyView {
  /** The creator's name and email: administrators only (see seesCreator). */
  creator?: Survey['creator'];
  createdBy: Survey['createdBy'];
  updatedBy: Survey['updatedBy'];
  /** The reader's role in the survey's workspace; null for an administrator. */
  role: WorkspaceRole | null;
}

/** A survey's view from the names read with it (null where an account is gone). */
function viewOf(row: SurveyRow, people: SurveyPeopleRow, role: WorkspaceRole | null, withCreator: boolean): SurveyView {
  const creatorName = people.creator_id === null ? null : people.creator_name;
  return {
    ...(withCreator && people.creator_id !== null
      ? { creator: { id: people.creator_id, name: people.creator_name ?? '', email: people.creator_email ?? '' } }
      : {}),
    createdBy: creatorName === null ? null : { id: row.user_id, name: creatorName },
    updatedBy:
      row.updated_by === null || people.updater_name === null
        ? null
        : { id: row.updated_by, name: people.updater_name },
    role,
  };
}

const NO_VIEW: SurveyView = { createdBy: null, updatedBy: null, role: null };

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

export type SurveysDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'audit' | 'outbox' | 'events' | 'projections'>;

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

  /**
   * How `actor` is shown `row`: who made it and who saved it last (one query for both), and the actor's role.
   * Inside a transaction pass it as `executor` (SQLite has one connection).
   */
  async function viewFor(
    actor: Actor,
    executor: Parameters<typeof findPeople>[0],
    row: SurveyRow,
    role: WorkspaceRole | null,
  ): Promise<SurveyView> {
    const people = await findPeople(executor, [row.user_id, row.updated_by]);
    const creator = people.get(row.user_id);
    const updater = row.updated_by === null ? undefined : people.get(row.updated_by);
    const names: SurveyPeopleRow = {
      creator_id: creator ? row.user_id : null,
      creator_name: creator?.name ?? null,
      creator_email: creator?.email ?? null,
      updater_name: updater?.name ?? null,
    };
    return viewOf(row, names, role, seesCreator(actor));
  }

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
    const now = clock.now().toISOString();
    const row: SurveyRow = {
      id: newId(),
      user_id: creator.id,
      project_name: input.projectName,
      project_id: input.projectId,
      title: input.title,
      branding_image_url: input.brandingImageUrl,
      state: 'draft',
      generator,
      response_count: 0,
      created_at: now,
      updated_at: now,
      workspace_id: workspace.id,
      version: 1,
      updated_by: null,
      launched_by: null,
      webhook_count: 0,
      digest_sent_at: null,
      ...settingsColumns(input),
      ...languageColumns(input),
    };
    const questionRows = input.questions.map((q, position) => toRow(row.id, q.id ?? newId(), position, q));
    return storeDraft(creator, workspace.role, row, questionRows);
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
     * be an editor or owner), with the survey's project, questions and settings, titled "Copy of {title}" (cut to
     * the title limit). Every question gets a new id and the skip-logic rules go to the new ids; responses and
     * counters are not copied. Held to the actor's survey cap like any new survey.
     */
    async duplicate(actor: Actor, surveyId: string): Promise<Survey> {
      const { row, role } = await access.loadSurveyAndRoleFor(actor, surveyId, 'view');
      // Viewing it is not enough: the copy is a new survey in its workspace.
      assertMay(actor, 'create', newDraftIn(role ?? undefined));
      const questions = (await findQuestions(db.kysely, surveyId, { includeDeleted: false })).map(questionFromRow);
      const renamed = new Map(questions.map((q) => [q.id, newId()]));
      const now = clock.now().toISOString();
      const copy: SurveyRow = {
        ...row,
        id: newId(),
        user_id: actor.id,
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
      return storeDraft(actor, role!, copy, questionRows);
    },

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

    /**
     * PATCH /api/surveys/:id/state. An editor or owner of the survey's workspace follows OWNER_TRANSITIONS;
     * launching or resuming records them as the one who launched it, and is refused with 409
     * SURVEY_CLOSING_TIME_PASSED when the survey's closing time has passed (it would read closed at once; nothing
     * changes), and when they already launched MAX_ACTIVE_SURVEYS surveys that are active, in any workspace. The count and the update run in one
     * transaction; on PostgreSQL the actor's row is locked first, so concurrent activations by one person run one
     * after the other and never exceed the limit (SQLite runs transactions serially). A change of state does not
     * touch the content: the version stays.
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
        // The actor's row first, then the survey's: the order every survey write locks in (an administrator has
        // no row there, and launches nothing).
        if (actor.type === 'user') await lockOwner(trx, db.dialect, actor.id);
        const { row, role, storedState } = await access.loadSurveyAndRoleFor(
          actor,
          surveyId,
          { moveTo: to },
          { lockIn: trx },
        );
        // Past its closing time the survey is closed, whatever the table says yet: moves start from there.
        const from = row.state;
        if (!canTransition(from, to, actor.type)) {
          throw new ConflictError(transitionRefusal(from, to, actor.type).code, { from, to });
        }
        const updatedAt = clock.now().toISOString();
        const launch = isActivation(from, to);
        // Active past its closing time would read closed at once: the closing time is changed first.
        if (launch && pastClosingTime(row.closes_at, updatedAt)) {
          throw new ConflictError('SURVEY_CLOSING_TIME_PASSED', { closesAt: row.closes_at! });
        }
        if (launch && (await countActiveSurveys(trx, actor.id, updatedAt)) >= MAX_ACTIVE_SURVEYS) {
          throw new ConflictError('ACTIVE_LIMIT_REACHED', { limit: MAX_ACTIVE_SURVEYS });
        }
        // Closed on schedule but not stored so yet: stored now, with the close's event (and the owner's mail), as
        // the periodic close would have, so that a move from it never loses that mail nor sends it twice.
        const closedFirst =
          storedState !== from && (await storeScheduledCloses(trx, deps.events, updatedAt, surveyId)).outboxWritten;
        await updateSurveyState(trx, surveyId, to, updatedAt, launch ? actor.id : undefined);
        // Closing by hand is a `survey.closed` event for the survey's webhooks (nobody is mailed: someone did it).
        const closedByHand =
          to === 'closed' &&
          (await deps.events.record(trx, [
            {
              type: 'survey.closed',
              survey: { id: row.id, title: row.title, ownerId: row.user_id, webhookCount: row.webhook_count },
              at: updatedAt,
              reason: 'manual',
            },
          ]));
        const questions = await findQuestions(trx, surveyId, { includeDeleted: false });
        const changed = surveyAt(
          { ...row, state: to, updated_at: updatedAt, launched_by: launch ? actor.id : row.launched_by },
          updatedAt,
        );
        return {
          outboxWritten: closedFirst || closedByHand,
          from,
          message: stateChangeMessage(from, to),
          survey: surveyFromRow(changed, questions.map(questionFromRow), await viewFor(actor, trx, changed, role)),
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
