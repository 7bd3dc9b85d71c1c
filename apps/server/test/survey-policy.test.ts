import { describe, expect, it } from 'vitest';
import { SURVEY_MESSAGES, surveyStates, type SurveyState, type WorkspaceRole } from '@quorum/contract';
import {
  SURVEY_ACTIONS,
  decide,
  listScope,
  moveAction,
  newDraftIn,
  openToRespondents,
  refusalBeforeReading,
  refusalError,
  seesCreator,
  type Actor,
  type SurveyAction,
} from '../src/modules/surveys/survey-policy';

/**
 * The survey access policy as a table: for each kind of actor and each action, the decision in each state
 * of the survey (draft, active, paused, closed, deleted). Users act by their role in the survey's workspace
 * (owner, editor, viewer; `otherUser` is no member); administrators are members of none. For `create`, the
 * state is that of the survey the action is read with, and does not matter: a new survey is a draft in the
 * workspace (`newDraftIn`).
 *   ok — allowed; 404 — not found (as an unknown id); 403 — forbidden (administrators);
 *   role — refused for the role (403 WORKSPACE_ROLE_FORBIDDEN);
 *   edit — refused, only draft and active surveys are edited (409); move — not a change this actor may make (409).
 */
type Outcome = 'ok' | '404' | '403' | 'role' | 'edit' | 'move';
type Row = [Outcome, Outcome, Outcome, Outcome, Outcome];

const user: Actor = { id: 'user-1', type: 'user' };
const admin: Actor = { id: 'admin-1', type: 'admin' };

const all = (outcome: Outcome): Row => [outcome, outcome, outcome, outcome, outcome];

/** What an owner of the survey's workspace may do. */
const OWNER_ROWS: Record<SurveyAction, Row> = {
  create: all('ok'),
  view: ['ok', 'ok', 'ok', 'ok', '404'],
  edit: ['ok', 'ok', 'edit', 'edit', '404'],
  'change-state': ['ok', 'ok', 'ok', 'ok', '404'],
  delete: ['ok', 'ok', 'ok', 'ok', '404'],
  restore: ['move', 'move', 'move', 'move', '404'],
  'view-results': ['ok', 'ok', 'ok', 'ok', '404'],
  'export-results': ['ok', 'ok', 'ok', 'ok', '404'],
  'share-results': ['ok', 'ok', 'ok', 'ok', '404'],
  'see-share-link': ['ok', 'ok', 'ok', 'ok', '404'],
  'delete-responses': ['ok', 'ok', 'ok', 'ok', '404'],
  'manage-webhooks': ['ok', 'ok', 'ok', 'ok', '404'],
};

const TABLE: Record<'owner' | 'editor' | 'viewer' | 'otherUser' | 'admin', Record<SurveyAction, Row>> = {
  owner: OWNER_ROWS,
  // The same as an owner: only members, invitations and the workspace itself are an owner's alone.
  editor: {
    create: all('ok'),
    view: ['ok', 'ok', 'ok', 'ok', '404'],
    edit: ['ok', 'ok', 'edit', 'edit', '404'],
    'change-state': ['ok', 'ok', 'ok', 'ok', '404'],
    delete: ['ok', 'ok', 'ok', 'ok', '404'],
    restore: ['move', 'move', 'move', 'move', '404'],
    'view-results': ['ok', 'ok', 'ok', 'ok', '404'],
    'export-results': ['ok', 'ok', 'ok', 'ok', '404'],
    'share-results': ['ok', 'ok', 'ok', 'ok', '404'],
    'see-share-link': ['ok', 'ok', 'ok', 'ok', '404'],
    'delete-responses': ['ok', 'ok', 'ok', 'ok', '404'],
    'manage-webhooks': ['ok', 'ok', 'ok', 'ok', '404'],
  },
  viewer: {
    create: all('role'),
    view: ['ok', 'ok', 'ok', 'ok', '404'],
    edit: ['role', 'role', 'role', 'role', '404'],
    'change-state': ['role', 'role', 'role', 'role', '404'],
    delete: ['role', 'role', 'role', 'role', '404'],
    restore: ['role', 'role', 'role', 'role', '404'],
    'view-results': ['ok', 'ok', 'ok', 'ok', '404'],
    'export-results': ['ok', 'ok', 'ok', 'ok', '404'],
    'share-results': ['role', 'role', 'role', 'role', '404'],
    'see-share-link': ['role', 'role', 'role', 'role', '404'],
    'delete-responses': ['role', 'role', 'role', 'role', '404'],
    'manage-webhooks': ['role', 'role', 'role', 'role', '404'],
  },
  otherUser: {
    create: all('404'),
    view: all('404'),
    edit: all('404'),
    'change-state': all('404'),
    delete: all('404'),
    restore: all('404'),
    'view-results': all('404'),
    'export-results': all('404'),
    'share-results': all('404'),
    'see-share-link': all('404'),
    'delete-responses': all('404'),
    'manage-webhooks': all('404'),
  },
  admin: {
    create: all('403'),
    view: all('ok'),
    edit: all('403'),
    'change-state': all('move'),
    delete: all('move'),
    restore: ['move', 'move', 'move', 'move', 'ok'],
    'view-results': all('ok'),
    'export-results': all('ok'),
    'share-results': all('403'),
    'see-share-link': all('ok'),
    'delete-responses': all('403'),
    'manage-webhooks': all('403'),
  },
};

/** Each kind of actor, and their role in the survey's workspace. */
const actors: Record<keyof typeof TABLE, [Actor, WorkspaceRole | undefined]> = {
  owner: [user, 'owner'],
  editor: [user, 'editor'],
  viewer: [user, 'viewer'],
  otherUser: [user, undefined],
  admin: [admin, undefined],
};

const OUTCOMES = {
  'not-found': '404',
  forbidden: '403',
  role: 'role',
  'not-editable': 'edit',
  'invalid-transition': 'move',
} as const;

const outcomeOf = (
  actor: Actor,
  role: WorkspaceRole | undefined,
  action: SurveyAction,
  state: SurveyState,
): Outcome => {
  const decision = decide(actor, action, { role, state });
  if (decision.allowed) return 'ok';
  // A refusal for the role names the role it refused.
  if (decision.refusal === 'role') expect(decision.role).toBe(role);
  return OUTCOMES[decision.refusal];
};

describe('survey access policy', () => {
  it('has a row for every action and every kind of actor', () => {
    for (const rows of Object.values(TABLE)) expect(Object.keys(rows).sort()).toEqual([...SURVEY_ACTIONS].sort());
  });

  for (const [name, [actor, role]] of Object.entries(actors) as [keyof typeof actors, [Actor, WorkspaceRole]][]) {
    it.each(SURVEY_ACTIONS.map((action) => [action] as const))(`${name}: %s in each state`, (action) => {
      const actual = surveyStates.map((state) => outcomeOf(actor, role, action, state));
      expect(Object.fromEntries(surveyStates.map((s, i) => [s, actual[i]]))).toEqual(
        Object.fromEntries(surveyStates.map((s, i) => [s, TABLE[name][action][i]])),
      );
    });
  }

  it('answers an unknown survey (or workspace) as not found, except the refusals given before any is read', () => {
    for (const actor of [user, admin]) {
      for (const action of SURVEY_ACTIONS) {
        const decision = decide(actor, action, undefined);
        const before = refusalBeforeReading(actor, action);
        expect(decision).toEqual({ allowed: false, refusal: before ?? 'not-found' });
      }
    }
    expect(refusalBeforeReading(admin, 'edit')).toBe('forbidden');
    expect(refusalBeforeReading(admin, 'create')).toBe('forbidden');
    expect(refusalBeforeReading(admin, 'share-results')).toBe('forbidden');
    expect(refusalBeforeReading(admin, 'delete-responses')).toBe('forbidden');
    expect(refusalBeforeReading(admin, 'restore')).toBeUndefined();
    expect(refusalBeforeReading(user, 'edit')).toBeUndefined();
  });

  it('creates a draft in a workspace by the role there: owners and editors yes, viewers 403, others 404', () => {
    expect(decide(user, 'create', newDraftIn('owner'))).toEqual({ allowed: true });
    expect(decide(user, 'create', newDraftIn('editor'))).toEqual({ allowed: true });
    expect(decide(user, 'create', newDraftIn('viewer'))).toEqual({ allowed: false, refusal: 'role', role: 'viewer' });
    expect(decide(user, 'create', newDraftIn(undefined))).toEqual({ allowed: false, refusal: 'not-found' });
    expect(decide(admin, 'create', newDraftIn(undefined))).toEqual({ allowed: false, refusal: 'forbidden' });
  });

  it('names each move: to deleted is delete, deleted to draft is restore, anything else a change of state', () => {
    expect(moveAction('draft', 'deleted')).toBe('delete');
    expect(moveAction('deleted', 'deleted')).toBe('delete');
    expect(moveAction('deleted', 'draft')).toBe('restore');
    expect(moveAction('deleted', 'active')).toBe('change-state');
    expect(moveAction('draft', 'active')).toBe('change-state');
    expect(moveAction('closed', 'draft')).toBe('change-state');
  });

  it('lists, shows creators and opens surveys to respondents by the same rules', () => {
    // A user lists one workspace they must be a member of, their personal one by default, never deleted surveys.
    expect(listScope(user, undefined)).toEqual({ workspaceId: user.id, member: true, includeDeleted: false });
    expect(listScope(user, 'team-1')).toEqual({ workspaceId: 'team-1', member: true, includeDeleted: false });
    // An administrator lists every survey, or one workspace's, in every state.
    expect(listScope(admin, undefined)).toEqual({ workspaceId: undefined, member: false, includeDeleted: true });
    expect(listScope(admin, 'team-1')).toEqual({ workspaceId: 'team-1', member: false, includeDeleted: true });
    expect(seesCreator(admin)).toBe(true);
    expect(seesCreator(user)).toBe(false);
    expect(surveyStates.filter(openToRespondents)).toEqual(['active']);
  });

  it.each<{ refusal: Parameters<typeof refusalError>; answer: [number, string, string]; params?: object }>([
    { refusal: ['not-found', user, 'view'], answer: [404, 'SURVEY_NOT_FOUND', SURVEY_MESSAGES.notFound] },
    { refusal: ['not-found', user, 'create'], answer: [404, 'WORKSPACE_NOT_FOUND', 'Workspace not found'] },
    {
      refusal: ['role', user, 'edit', undefined, 'viewer'],
      answer: [403, 'WORKSPACE_ROLE_FORBIDDEN', 'Your role in this workspace (viewer) does not allow this'],
      params: { role: 'viewer' },
    },
    {
      refusal: ['forbidden', admin, 'create'],
      answer: [403, 'ADMIN_CANNOT_CREATE', SURVEY_MESSAGES.adminCannotCreate],
    },
    { refusal: ['forbidden', admin, 'edit'], answer: [403, 'ADMIN_CANNOT_EDIT', SURVEY_MESSAGES.adminCannotEdit] },
    {
      refusal: ['forbidden', admin, 'share-results'],
      answer: [403, 'ADMIN_CANNOT_SHARE_RESULTS', 'Only the owner can share these results'],
    },
    { refusal: ['not-editable', user, 'edit'], answer: [409, 'SURVEY_NOT_EDITABLE', SURVEY_MESSAGES.notEditable] },
    {
      refusal: ['invalid-transition', admin, 'change-state', { from: 'draft', to: 'active' }],
      answer: [409, 'ADMIN_CANNOT_CHANGE_STATE', 'Administrators can only restore deleted surveys to draft'],
    },
    {
      refusal: ['invalid-transition', admin, 'delete', { from: 'deleted', to: 'deleted' }],
      answer: [409, 'SURVEY_ALREADY_IN_STATE', 'The survey is already deleted'],
    },
    {
      refusal: ['invalid-transition', user, 'change-state', { from: 'closed', to: 'active' }],
      answer: [409, 'INVALID_TRANSITION', 'Cannot change a closed survey to active'],
      params: { from: 'closed', to: 'active' },
    },
  ])(
    'answers the refusal $answer.1 with its status, code, params and the product message',
    ({ refusal, answer, params }) => {
      const error = refusalError(...refusal);
      expect([error.statusCode, error.code, error.message]).toEqual(answer);
      if (params) expect(error.params).toEqual(params);
    },
  );
});
