import type { Transaction } from 'kysely';
import { isEditable, transitionRefusal, type SurveyState, type UserType } from '@quorum/contract';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, type AppError } from '../../lib/errors';
import { findSurvey, findSurveyForUpdate, type SurveyRow } from './surveys.repository';

/**
 * Who may do what to a survey, in one place: every route and service that acts on a survey for someone asks
 * here, and loads the survey through `loadSurveyFor`. Workspace roles (Teams) belong here and nowhere else: the
 * actor will carry its memberships and `decide` will read them.
 */

/** Everything someone can ask to do with a survey. */
export const SURVEY_ACTIONS = [
  'create',
  'view',
  'edit',
  'change-state',
  'delete',
  'restore',
  'view-results',
  'export-results',
  'share-results',
  'delete-responses',
  'manage-webhooks',
] as const;
export type SurveyAction = (typeof SURVEY_ACTIONS)[number];

/** Who acts: a signed-in account (a user, or an administrator). */
export interface Actor {
  id: string;
  type: UserType;
}

/** What the policy reads of a survey. */
export interface SurveyFacts {
  ownerId: string;
  state: SurveyState;
}

/**
 * Why an action is refused:
 * - `not-found` (404): the actor may not know the survey exists; the very answer an unknown id gets;
 * - `forbidden` (403): never this actor's to do, whatever the survey (a session that stays valid);
 * - `not-editable` (409): editing is for draft and active surveys;
 * - `invalid-transition` (409): not a change of state this actor may make from this state.
 */
export type Refusal = 'not-found' | 'forbidden' | 'not-editable' | 'invalid-transition';

export type Decision = { allowed: true } | { allowed: false; refusal: Refusal };

const ALLOWED: Decision = { allowed: true };
const refuse = (refusal: Refusal): Decision => ({ allowed: false, refusal });

/**
 * Refusals that hold whatever the survey, so they are given before it is read (an unknown id answers them
 * too): administrators never create or edit surveys, nor delete responses.
 */
export function refusalBeforeReading(actor: Actor, action: SurveyAction): Refusal | undefined {
  if (
    actor.type === 'admin' &&
    (action === 'create' || action === 'edit' || action === 'share-results' || action === 'delete-responses')
  ) {
    return 'forbidden';
  }
  return undefined;
}

/**
 * Administrators read every survey and its results, in any state; of the writes they only restore (sharing the
 * results and managing webhooks are the owner's).
 */
function adminDecides(action: SurveyAction, survey: SurveyFacts): Decision {
  switch (action) {
    case 'view':
    case 'view-results':
    case 'export-results':
      return ALLOWED;
    case 'restore':
      return survey.state === 'deleted' ? ALLOWED : refuse('invalid-transition');
    case 'change-state':
    case 'delete':
      return refuse('invalid-transition');
    case 'create':
    case 'edit':
    case 'share-results':
    case 'delete-responses':
    case 'manage-webhooks':
      return refuse('forbidden');
  }
}

/**
 * A user acts on their own surveys only, and one they deleted is gone for them: anything else is "not found".
 * They edit draft and active surveys only, and restoring is not theirs. Which changes of state exist from
 * which state is the contract's state machine (checked by the surveys service).
 */
function userDecides(actor: Actor, action: SurveyAction, survey: SurveyFacts): Decision {
  if (survey.ownerId !== actor.id || survey.state === 'deleted') return refuse('not-found');
  switch (action) {
    case 'edit':
      return isEditable(survey.state) ? ALLOWED : refuse('not-editable');
    case 'restore':
      return refuse('invalid-transition');
    case 'create':
    case 'view':
    case 'change-state':
    case 'delete':
    case 'view-results':
    case 'export-results':
    case 'share-results':
    case 'delete-responses':
    case 'manage-webhooks':
      return ALLOWED;
  }
}

/** May `actor` do `action` to `survey`? `create` needs no survey; any other action on no survey is not found. */
export function decide(actor: Actor, action: SurveyAction, survey?: SurveyFacts): Decision {
  const early = refusalBeforeReading(actor, action);
  if (early) return refuse(early);
  if (action === 'create') return ALLOWED;
  if (!survey) return refuse('not-found');
  return actor.type === 'admin' ? adminDecides(action, survey) : userDecides(actor, action, survey);
}

/** A move to `to` deletes, restores (deleted → draft), or otherwise changes the state. */
export function moveAction(from: SurveyState, to: SurveyState): 'delete' | 'restore' | 'change-state' {
  if (to === 'deleted') return 'delete';
  if (from === 'deleted' && to === 'draft') return 'restore';
  return 'change-state';
}

/** Which surveys an actor lists: a user their own that are not deleted, an administrator every survey. */
export function listScope(actor: Actor): { ownerId: string | undefined } {
  return { ownerId: actor.type === 'admin' ? undefined : actor.id };
}

/** Whether the actor is shown who created a survey (name and email): administrators only. */
export function seesCreator(actor: Actor): boolean {
  return actor.type === 'admin';
}

/** Anyone, signed in or not, may see and answer a survey while it is active, and no other. */
export function openToRespondents(state: SurveyState): boolean {
  return state === 'active';
}

/**
 * Where `now` (ISO UTC) falls in a survey's schedule: before `opensAt` it is not open yet; from `closesAt` on it
 * is closed (whether or not the periodic close has set its state yet); otherwise its state decides.
 */
export function scheduleAt(
  schedule: { opensAt?: string | null | undefined; closesAt?: string | null | undefined },
  now: string,
): 'not-yet-open' | 'open' | 'closed' {
  if (schedule.opensAt && now < schedule.opensAt) return 'not-yet-open';
  if (schedule.closesAt && now >= schedule.closesAt) return 'closed';
  return 'open';
}

/** The code of each action administrators are refused whatever the survey (any other: editing). */
const ADMIN_REFUSALS = new Map<
  SurveyAction,
  | 'ADMIN_CANNOT_CREATE'
  | 'ADMIN_CANNOT_SHARE_RESULTS'
  | 'ADMIN_CANNOT_DELETE_RESPONSES'
  | 'ADMIN_CANNOT_MANAGE_WEBHOOKS'
>([
  ['create', 'ADMIN_CANNOT_CREATE'],
  ['share-results', 'ADMIN_CANNOT_SHARE_RESULTS'],
  ['delete-responses', 'ADMIN_CANNOT_DELETE_RESPONSES'],
  ['manage-webhooks', 'ADMIN_CANNOT_MANAGE_WEBHOOKS'],
]);

/** The answer a refusal gets. A refused move names its states; `from` and `to` are read only for those. */
export function refusalError(
  refusal: Refusal,
  actor: Actor,
  action: SurveyAction,
  move?: { from: SurveyState; to: SurveyState },
): AppError {
  switch (refusal) {
    case 'not-found':
      return new NotFoundError('SURVEY_NOT_FOUND');
    case 'forbidden':
      return new ForbiddenError(ADMIN_REFUSALS.get(action) ?? 'ADMIN_CANNOT_EDIT');
    case 'not-editable':
      return new ConflictError('SURVEY_NOT_EDITABLE');
    case 'invalid-transition': {
      const from = move?.from ?? 'draft';
      const to = move?.to ?? (action === 'delete' ? 'deleted' : 'draft');
      const refusal = transitionRefusal(from, to, actor.type);
      return new ConflictError(refusal.code, { from, to });
    }
  }
}

/** Throws the refusal's error unless `actor` may do `action` (to `survey`, for actions on one). */
export function assertMay(actor: Actor, action: SurveyAction, survey?: SurveyFacts): void {
  const decision = decide(actor, action, survey);
  if (!decision.allowed) throw refusalError(decision.refusal, actor, action);
}

/** What a survey is loaded for: an action on it, or a move to another state (the survey's state names its action). */
export type LoadPurpose =
  | 'view'
  | 'edit'
  | 'view-results'
  | 'export-results'
  | 'share-results'
  | 'delete-responses'
  | 'manage-webhooks'
  | { moveTo: SurveyState };

const factsOf = (row: SurveyRow): SurveyFacts => ({ ownerId: row.user_id, state: row.state });

/** The one way to load a survey for someone. */
export function createSurveyAccess(deps: Pick<AppContext, 'db'>) {
  const { db } = deps;
  return {
    /**
     * The survey when `actor` may do what `purpose` says, else the refusal's error (404 for an unknown id and
     * for a survey the actor may not know of alike). Inside `lockIn` the row is read in that transaction and, on
     * PostgreSQL, locked until it ends.
     */
    async loadSurveyFor(
      actor: Actor,
      surveyId: string,
      purpose: LoadPurpose,
      options: { lockIn?: Transaction<Database> } = {},
    ): Promise<SurveyRow> {
      if (typeof purpose === 'string') {
        const early = refusalBeforeReading(actor, purpose);
        if (early) throw refusalError(early, actor, purpose);
      }
      const row = options.lockIn
        ? await findSurveyForUpdate(options.lockIn, db.dialect, surveyId)
        : await findSurvey(db.kysely, surveyId);
      const move = row && typeof purpose !== 'string' ? { from: row.state, to: purpose.moveTo } : undefined;
      const action = typeof purpose === 'string' ? purpose : move ? moveAction(move.from, move.to) : 'change-state';
      const decision = decide(actor, action, row && factsOf(row));
      if (!decision.allowed) throw refusalError(decision.refusal, actor, action, move);
      return row!;
    },
  };
}
