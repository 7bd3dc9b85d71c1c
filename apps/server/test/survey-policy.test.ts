import { describe, expect, it } from 'vitest';
import { SURVEY_MESSAGES, surveyStates, type SurveyState } from '@quorum/contract';
import {
  SURVEY_ACTIONS,
  decide,
  listScope,
  moveAction,
  openToRespondents,
  refusalBeforeReading,
  refusalError,
  seesCreator,
  type Actor,
  type SurveyAction,
} from '../src/modules/surveys/survey-policy';

/**
 * The survey access policy as a table: for each kind of actor and each action, the decision in each state
 * of the survey (draft, active, paused, closed, deleted). The survey belongs to `owner`.
 *   ok — allowed; 404 — not found (as an unknown id); 403 — forbidden;
 *   edit — refused, only draft and active surveys are edited (409); move — not a change this actor may make (409).
 */
type Outcome = 'ok' | '404' | '403' | 'edit' | 'move';
type Row = [Outcome, Outcome, Outcome, Outcome, Outcome];

const owner: Actor = { id: 'user-owner', type: 'user' };
const otherUser: Actor = { id: 'user-other', type: 'user' };
const admin: Actor = { id: 'admin-1', type: 'admin' };

const all = (outcome: Outcome): Row => [outcome, outcome, outcome, outcome, outcome];

const TABLE: Record<'owner' | 'otherUser' | 'admin', Record<SurveyAction, Row>> = {
  owner: {
    create: all('ok'),
    view: ['ok', 'ok', 'ok', 'ok', '404'],
    edit: ['ok', 'ok', 'edit', 'edit', '404'],
    'change-state': ['ok', 'ok', 'ok', 'ok', '404'],
    delete: ['ok', 'ok', 'ok', 'ok', '404'],
    restore: ['move', 'move', 'move', 'move', '404'],
    'view-results': ['ok', 'ok', 'ok', 'ok', '404'],
    'export-results': ['ok', 'ok', 'ok', 'ok', '404'],
    'share-results': ['ok', 'ok', 'ok', 'ok', '404'],
    'delete-responses': ['ok', 'ok', 'ok', 'ok', '404'],
    'manage-webhooks': ['ok', 'ok', 'ok', 'ok', '404'],
  },
  otherUser: {
    create: all('ok'),
    view: all('404'),
    edit: all('404'),
    'change-state': all('404'),
    delete: all('404'),
    restore: all('404'),
    'view-results': all('404'),
    'export-results': all('404'),
    'share-results': all('404'),
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
    'delete-responses': all('403'),
    'manage-webhooks': all('403'),
  },
};

const actors = { owner, otherUser, admin };

const outcomeOf = (actor: Actor, action: SurveyAction, state: SurveyState): Outcome => {
  const decision = decide(actor, action, { ownerId: owner.id, state });
  if (decision.allowed) return 'ok';
  return ({ 'not-found': '404', forbidden: '403', 'not-editable': 'edit', 'invalid-transition': 'move' } as const)[
    decision.refusal
  ];
};

describe('survey access policy', () => {
  it('has a row for every action and every kind of actor', () => {
    for (const rows of Object.values(TABLE)) expect(Object.keys(rows).sort()).toEqual([...SURVEY_ACTIONS].sort());
  });

  for (const [name, actor] of Object.entries(actors) as [keyof typeof actors, Actor][]) {
    it.each(SURVEY_ACTIONS.map((action) => [action] as const))(`${name}: %s in each state`, (action) => {
      const actual = surveyStates.map((state) => outcomeOf(actor, action, state));
      expect(Object.fromEntries(surveyStates.map((s, i) => [s, actual[i]]))).toEqual(
        Object.fromEntries(surveyStates.map((s, i) => [s, TABLE[name][action][i]])),
      );
    });
  }

  it('answers an unknown survey as not found, except the refusals given before any survey is read', () => {
    for (const actor of [owner, admin]) {
      for (const action of SURVEY_ACTIONS) {
        const decision = decide(actor, action, undefined);
        const before = refusalBeforeReading(actor, action);
        if (action === 'create' && !before) expect(decision).toEqual({ allowed: true });
        else expect(decision).toEqual({ allowed: false, refusal: before ?? 'not-found' });
      }
    }
    expect(refusalBeforeReading(admin, 'edit')).toBe('forbidden');
    expect(refusalBeforeReading(admin, 'create')).toBe('forbidden');
    expect(refusalBeforeReading(admin, 'share-results')).toBe('forbidden');
    expect(refusalBeforeReading(admin, 'delete-responses')).toBe('forbidden');
    expect(refusalBeforeReading(admin, 'restore')).toBeUndefined();
    expect(refusalBeforeReading(owner, 'edit')).toBeUndefined();
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
    expect(listScope(owner)).toEqual({ ownerId: owner.id });
    expect(listScope(admin)).toEqual({ ownerId: undefined });
    expect(seesCreator(admin)).toBe(true);
    expect(seesCreator(owner)).toBe(false);
    expect(surveyStates.filter(openToRespondents)).toEqual(['active']);
  });

  it.each<{ refusal: Parameters<typeof refusalError>; answer: [number, string, string]; params?: object }>([
    { refusal: ['not-found', owner, 'view'], answer: [404, 'SURVEY_NOT_FOUND', SURVEY_MESSAGES.notFound] },
    {
      refusal: ['forbidden', admin, 'create'],
      answer: [403, 'ADMIN_CANNOT_CREATE', SURVEY_MESSAGES.adminCannotCreate],
    },
    { refusal: ['forbidden', admin, 'edit'], answer: [403, 'ADMIN_CANNOT_EDIT', SURVEY_MESSAGES.adminCannotEdit] },
    {
      refusal: ['forbidden', admin, 'share-results'],
      answer: [403, 'ADMIN_CANNOT_SHARE_RESULTS', 'Only the owner can share these results'],
    },
    { refusal: ['not-editable', owner, 'edit'], answer: [409, 'SURVEY_NOT_EDITABLE', SURVEY_MESSAGES.notEditable] },
    {
      refusal: ['invalid-transition', admin, 'change-state', { from: 'draft', to: 'active' }],
      answer: [409, 'ADMIN_CANNOT_CHANGE_STATE', 'Administrators can only restore deleted surveys to draft'],
    },
    {
      refusal: ['invalid-transition', admin, 'delete', { from: 'deleted', to: 'deleted' }],
      answer: [409, 'SURVEY_ALREADY_IN_STATE', 'The survey is already deleted'],
    },
    {
      refusal: ['invalid-transition', owner, 'change-state', { from: 'closed', to: 'active' }],
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
