import type { Transaction } from 'kysely';
import {
  can,
  effectiveState,
  isEditable,
  pastClosingTime,
  transitionRefusal,
  type PermissionRole,
  type SurveyState,
  type UserType,
  type WorkspaceRole,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, type AppError } from '../../lib/errors';
import { findWorkspaceRole } from '../workspaces';
import { findSurvey, findSurveyForUpdate, type SurveyRow } from './surveys.repository';

/**
 * Who may do what to a survey, in one place: every route and service that acts on a survey for someone asks
 * here, and loads the survey through `loadSurveyFor`. A user's rights come from their role in the survey's
 * workspace (owner, editor, viewer; a personal workspace's owner is the account whose id it has), read on every
 * request: leaving a workspace ends access at once. Whether a role, or an administrator, may do an action at all is
 * the contract's permission map (`can`); this policy adds what the survey's state decides and which answer a
 * refusal gets.
 */

/** Everything someone can ask to do with a survey: each an action of the contract's permission map. */
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
  'see-share-link',
  'delete-responses',
  'manage-webhooks',
] as const;
export type SurveyAction = (typeof SURVEY_ACTIONS)[number];

/** Who acts: a signed-in account (a user, or an administrator). */
export interface Actor {
  id: string;
  type: UserType;
}

/**
 * What the policy reads of a survey: the actor's role in its workspace (undefined when they are not a member, and
 * for administrators, who are never members) and its state. For `create`, the facts of the draft to be made: the
 * role in the workspace it would be made in (see `newDraftIn`).
 */
export interface SurveyFacts {
  role: WorkspaceRole | undefined;
  state: SurveyState;
}

/** The facts of a draft about to be made in a workspace where the actor has `role` (for `create`). */
export const newDraftIn = (role: WorkspaceRole | undefined): SurveyFacts => ({ role, state: 'draft' });

/**
 * Why an action is refused:
 * - `not-found` (404): the actor may not know the survey (or, for `create`, the workspace) exists; the very answer
 *   an unknown id gets;
 * - `forbidden` (403): never this actor's to do, whatever the survey (a session that stays valid);
 * - `role` (403): the actor's role in the survey's workspace does not allow it (a viewer changing anything);
 * - `not-editable` (409): editing is for draft and active surveys;
 * - `invalid-transition` (409): not a change of state this actor may make from this state.
 */
export type Refusal = 'not-found' | 'forbidden' | 'role' | 'not-editable' | 'invalid-transition';

export type Decision =
  | { allowed: true }
  | { allowed: false; refusal: Exclude<Refusal, 'role'> }
  | { allowed: false; refusal: 'role'; role: WorkspaceRole };

const ALLOWED: Decision = { allowed: true };
const refuse = (refusal: Exclude<Refusal, 'role'>): Decision => ({ allowed: false, refusal });

/**
 * Moves between states. A move refused to someone who makes other moves is one the state machine does not give them
 * (409, naming the states): an administrator changing a state, an owner or editor restoring. To someone who makes
 * none (a viewer), it is their role's refusal.
 */
const MOVES: readonly SurveyAction[] = ['change-state', 'delete', 'restore'];
const isMove = (action: SurveyAction): boolean => MOVES.includes(action);
const makesMoves = (role: PermissionRole): boolean => MOVES.some((move) => can(role, move));

/**
 * An administrator's refusals are given once the survey is found for webhooks (an unknown id is 404 to them there,
 * as to anyone), and before it is read for every other action the permission map does not give them.
 */
const ADMIN_REFUSED_AFTER_READING: ReadonlySet<SurveyAction> = new Set<SurveyAction>(['manage-webhooks']);

/**
 * Refusals that hold whatever the survey, so they are given before it is read (an unknown id answers them
 * too): what the permission map never lets administrators do (create, edit, share the results, delete responses),
 * moves aside.
 */
export function refusalBeforeReading(actor: Actor, action: SurveyAction): 'forbidden' | undefined {
  if (actor.type === 'admin' && !can('admin', action) && !isMove(action) && !ADMIN_REFUSED_AFTER_READING.has(action)) {
    return 'forbidden';
  }
  return undefined;
}

/**
 * Administrators do what the permission map gives them, in any state: they read every survey and its results and
 * see a shared report's link; of the writes they only restore, a deleted survey (sharing the results and managing
 * webhooks are for the editors and owners of the survey's workspace).
 */
function adminDecides(action: SurveyAction, survey: SurveyFacts): Decision {
  if (!can('admin', action)) return refuse(isMove(action) && makesMoves('admin') ? 'invalid-transition' : 'forbidden');
  if (action === 'restore' && survey.state !== 'deleted') return refuse('invalid-transition');
  return ALLOWED;
}

/**
 * A user acts on the surveys of the workspaces they are a member of only, and a deleted survey is gone for them:
 * anything else is "not found" (for `create`, the workspace is). Then their role decides, by the permission map: a
 * viewer sees the survey and its results and exports them, and changes nothing; nor does a viewer see the shared
 * report's link, a bearer secret that would outlast their membership. Editors and owners do what a survey's owner
 * always did: they edit draft and active surveys only, and restoring is not theirs. Which changes of state exist
 * from which state is the contract's state machine (checked by the surveys service).
 */
function userDecides(action: SurveyAction, survey: SurveyFacts): Decision {
  const { role } = survey;
  if (role === undefined || (survey.state === 'deleted' && action !== 'create')) return refuse('not-found');
  if (!can(role, action)) {
    return isMove(action) && makesMoves(role)
      ? refuse('invalid-transition')
      : { allowed: false, refusal: 'role', role };
  }
  if (action === 'edit' && !isEditable(survey.state)) return refuse('not-editable');
  return ALLOWED;
}

/**
 * May `actor` do `action` to `survey`? For `create`, `survey` is the draft to be made (`newDraftIn`). Any action
 * on no survey (no workspace, for `create`) is not found.
 */
export function decide(actor: Actor, action: SurveyAction, survey?: SurveyFacts): Decision {
  const early = refusalBeforeReading(actor, action);
  if (early) return refuse(early);
  if (!survey) return refuse('not-found');
  return actor.type === 'admin' ? adminDecides(action, survey) : userDecides(action, survey);
}

/** A move to `to` deletes, restores (deleted → draft), or otherwise changes the state. */
export function moveAction(from: SurveyState, to: SurveyState): 'delete' | 'restore' | 'change-state' {
  if (to === 'deleted') return 'delete';
  if (from === 'deleted' && to === 'draft') return 'restore';
  return 'change-state';
}

/**
 * Which surveys an actor lists: a user those of one workspace they are a member of (default: their personal
 * one), deleted ones left out; an administrator every survey in any state, or one workspace's with
 * `workspaceId`. `member` says whether the actor must be a member of `workspaceId` (else 404 WORKSPACE_NOT_FOUND).
 */
export function listScope(
  actor: Actor,
  workspaceId: string | undefined,
): { workspaceId: string | undefined; member: boolean; includeDeleted: boolean } {
  if (actor.type === 'admin') return { workspaceId, member: false, includeDeleted: true };
  return { workspaceId: workspaceId ?? actor.id, member: true, includeDeleted: false };
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
 * A survey row as it reads at `now` (ISO UTC): its state is the contract's `effectiveState`, so an active survey
 * past its closing time reads closed at once (the periodic close only stores it). Every survey read for someone
 * passes through here.
 */
export function surveyAt<R extends { state: SurveyState; closes_at: string | null }>(row: R, now: string): R {
  const state = effectiveState(row.state, row.closes_at, now);
  return state === row.state ? row : { ...row, state };
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
  if (pastClosingTime(schedule.closesAt, now)) return 'closed';
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

/**
 * The answer a refusal gets. A refused move names its states; `from` and `to` are read only for those. A refusal
 * for the role names the role. Not finding the workspace to create in is WORKSPACE_NOT_FOUND.
 */
export function refusalError(
  refusal: Refusal,
  actor: Actor,
  action: SurveyAction,
  move?: { from: SurveyState; to: SurveyState },
  role?: WorkspaceRole,
): AppError {
  switch (refusal) {
    case 'not-found':
      return action === 'create' ? new NotFoundError('WORKSPACE_NOT_FOUND') : new NotFoundError('SURVEY_NOT_FOUND');
    case 'forbidden':
      return new ForbiddenError(ADMIN_REFUSALS.get(action) ?? 'ADMIN_CANNOT_EDIT');
    case 'role':
      return new ForbiddenError('WORKSPACE_ROLE_FORBIDDEN', { role: role ?? 'viewer' });
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

/** The error of a refused decision. */
function errorOf(
  decision: Extract<Decision, { allowed: false }>,
  actor: Actor,
  action: SurveyAction,
  move?: { from: SurveyState; to: SurveyState },
): AppError {
  return refusalError(decision.refusal, actor, action, move, decision.refusal === 'role' ? decision.role : undefined);
}

/** Throws the refusal's error unless `actor` may do `action` to `survey` (for `create`: `newDraftIn(role)`). */
export function assertMay(actor: Actor, action: SurveyAction, survey: SurveyFacts | undefined): void {
  const decision = decide(actor, action, survey);
  if (!decision.allowed) throw errorOf(decision, actor, action);
}

/** What a survey is loaded for: an action on it, or a move to another state (the survey's state names its action). */
export type LoadPurpose =
  | 'view'
  | 'edit'
  | 'view-results'
  | 'export-results'
  | 'share-results'
  | 'see-share-link'
  | 'delete-responses'
  | 'manage-webhooks'
  | { moveTo: SurveyState };

/** The one way to load a survey for someone, and to decide where they may create and list surveys. */
export function createSurveyAccess(deps: Pick<AppContext, 'db' | 'clock'>) {
  const { db, clock } = deps;

  /** The actor's role in a workspace: administrators are members of none; a personal workspace needs no query. */
  const roleIn = (executor: Transaction<Database> | undefined, actor: Actor, workspaceId: string) =>
    actor.type === 'admin'
      ? Promise.resolve(undefined)
      : findWorkspaceRole(executor ?? db.kysely, workspaceId, actor.id);

  async function load(
    actor: Actor,
    surveyId: string,
    purpose: LoadPurpose,
    options: { lockIn?: Transaction<Database> },
  ): Promise<{ row: SurveyRow; role: WorkspaceRole | null; storedState: SurveyState }> {
    if (typeof purpose === 'string') {
      const early = refusalBeforeReading(actor, purpose);
      if (early) throw refusalError(early, actor, purpose);
    }
    const stored = options.lockIn
      ? await findSurveyForUpdate(options.lockIn, db.dialect, surveyId)
      : await findSurvey(db.kysely, surveyId);
    // Decided on the state at this moment: past its closing time a survey is closed for every rule.
    const row = stored && surveyAt(stored, clock.now().toISOString());
    const role = row && (await roleIn(options.lockIn, actor, row.workspace_id));
    const move = row && typeof purpose !== 'string' ? { from: row.state, to: purpose.moveTo } : undefined;
    const action = typeof purpose === 'string' ? purpose : move ? moveAction(move.from, move.to) : 'change-state';
    const decision = decide(actor, action, row && { role, state: row.state });
    if (!decision.allowed) throw errorOf(decision, actor, action, move);
    // Never reached: no action is allowed on a survey that is not there.
    if (!stored || !row) throw refusalError('not-found', actor, action, move);
    return { row, role: role ?? null, storedState: stored.state };
  }

  return {
    /**
     * The workspace the actor creates a survey in, with their role there: `workspaceId`, or by default their
     * personal workspace. Refused
     * with 404 WORKSPACE_NOT_FOUND when they are not a member of it, 403 WORKSPACE_ROLE_FORBIDDEN for a viewer,
     * and 403 ADMIN_CANNOT_CREATE for an administrator (before anything is read).
     */
    async workspaceToCreateIn(
      actor: Actor,
      workspaceId: string | undefined,
    ): Promise<{ id: string; role: WorkspaceRole }> {
      const early = refusalBeforeReading(actor, 'create');
      if (early) throw refusalError(early, actor, 'create');
      const id = workspaceId ?? actor.id;
      const role = await roleIn(undefined, actor, id);
      assertMay(actor, 'create', newDraftIn(role));
      // Never reached: nobody may create where they have no role.
      if (role === undefined) throw refusalError('not-found', actor, 'create');
      return { id, role };
    },

    /**
     * Which surveys the actor lists (see `listScope`) and their role in the listed workspace (null for an
     * administrator); 404 WORKSPACE_NOT_FOUND for a workspace the user is not a member of.
     */
    async listFor(
      actor: Actor,
      workspaceId: string | undefined,
    ): Promise<{ workspaceId: string | undefined; includeDeleted: boolean; role: WorkspaceRole | null }> {
      const { member, ...scope } = listScope(actor, workspaceId);
      if (!member || scope.workspaceId === undefined) return { ...scope, role: null };
      const role = await roleIn(undefined, actor, scope.workspaceId);
      if (role === undefined) throw new NotFoundError('WORKSPACE_NOT_FOUND');
      return { ...scope, role };
    },

    /**
     * The survey as it reads now (see `surveyAt`) when `actor` may do what `purpose` says, else the refusal's error
     * (404 for an unknown id and for a survey the actor may not know of alike; 403 WORKSPACE_ROLE_FORBIDDEN for what
     * their role does not allow). Inside `lockIn` the row is read in that transaction and, on PostgreSQL, locked until it ends.
     */
    async loadSurveyFor(
      actor: Actor,
      surveyId: string,
      purpose: LoadPurpose,
      options: { lockIn?: Transaction<Database> } = {},
    ): Promise<SurveyRow> {
      return (await load(actor, surveyId, purpose, options)).row;
    },

    /**
     * As `loadSurveyFor`, with the actor's role in the survey's workspace (null for an administrator) and the state
     * as stored (active for a survey past its closing time that the periodic close has not stored as closed yet).
     */
    async loadSurveyAndRoleFor(
      actor: Actor,
      surveyId: string,
      purpose: LoadPurpose,
      options: { lockIn?: Transaction<Database> } = {},
    ): Promise<{ row: SurveyRow; role: WorkspaceRole | null; storedState: SurveyState }> {
      return load(actor, surveyId, purpose, options);
    },
  };
}
