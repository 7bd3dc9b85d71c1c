import { describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  MAX_ACTIVE_SURVEYS,
  PERSONAL_WORKSPACE_NAME,
  WORKSPACE_LIMITS,
  errorMessage,
  type Question,
  type Survey,
  type Workspace,
  type WorkspaceListResponse,
  type WorkspaceMemberListResponse,
  type WorkspaceRole,
} from '@quorum/contract';
import { createAdmin, createSurvey, createUser, addMember, type CreatedAccount } from '@quorum/test-support/factories';
import { newId } from '../src/lib/ids';
import { recordResponses } from '../src/projections';
import { findWorkspaceRole } from '../src/modules/workspaces/workspace-members.repository';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

describe(`workspaces (${TEST_DIALECT})`, () => {
  const t = useTestApp();
  const db = () => t.ctx.db.kysely;

  const createWorkspace = async (owner: CreatedAccount, name: string): Promise<Workspace> => {
    const res = await request(t.app, 'POST', '/api/workspaces', { token: owner.token, body: { name } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Workspace>();
  };

  /** A team workspace of `owner` with these members (written as rows). */
  async function team(
    owner: CreatedAccount,
    members: Array<[CreatedAccount, WorkspaceRole]> = [],
    name = 'Research team',
  ): Promise<string> {
    const { id } = await createWorkspace(owner, name);
    for (const [account, role] of members) await addMember(t.ctx, id, account.id, role);
    return id;
  }

  const auditOf = (type: string, workspaceId: string) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', type as never)
      .where('target_id', '=', workspaceId)
      .execute();

  const memberRows = (workspaceId: string) =>
    db().selectFrom('workspace_members').selectAll().where('workspace_id', '=', workspaceId).execute();

  describe('listing and creating', () => {
    it('lists the personal workspace first, then team workspaces by name, with the role and the active count', async () => {
      const me = await createUser(t.ctx, { name: 'Mia Member' });
      const other = await createUser(t.ctx);
      const empty = await request(t.app, 'GET', '/api/workspaces', { token: me.token });
      expect(empty.statusCode, empty.body).toBe(200);
      const account = await db().selectFrom('users').select('created_at').where('id', '=', me.id).executeTakeFirst();
      expect(empty.json()).toEqual({
        workspaces: [
          {
            id: me.id,
            name: PERSONAL_WORKSPACE_NAME,
            role: 'owner',
            personal: true,
            memberCount: 1,
            createdAt: account!.created_at,
          },
        ],
        activeSurveys: { launched: 0, limit: MAX_ACTIVE_SURVEYS },
      });

      const zeta = await team(me, [[other, 'viewer']], 'zeta squad');
      const alpha = await team(other, [[me, 'editor']], 'Alpha group');
      await createSurvey(t.ctx, me.id, { state: 'active' });
      const list = (await request(t.app, 'GET', '/api/workspaces', { token: me.token })).json<WorkspaceListResponse>();
      expect(list.workspaces.map((w) => [w.name, w.role, w.memberCount, w.personal])).toEqual([
        [PERSONAL_WORKSPACE_NAME, 'owner', 1, true],
        ['Alpha group', 'editor', 2, false],
        ['zeta squad', 'owner', 2, false],
      ]);
      expect(list.workspaces.map((w) => w.id)).toEqual([me.id, alpha, zeta]);
      expect(list.activeSurveys).toEqual({ launched: 1, limit: MAX_ACTIVE_SURVEYS });
    });

    it('creates a team workspace with the caller as its only owner, and audits it', async () => {
      const owner = await createUser(t.ctx);
      const res = await request(t.app, 'POST', '/api/workspaces', {
        token: owner.token,
        body: { name: '  Market research  ' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<Workspace>();
      expect(created).toEqual({
        id: expect.any(String),
        name: 'Market research',
        role: 'owner',
        personal: false,
        memberCount: 1,
        createdAt: expect.any(String),
      });
      expect(await memberRows(created.id)).toEqual([expect.objectContaining({ user_id: owner.id, role: 'owner' })]);
      const [entry] = await auditOf('workspace.created', created.id);
      expect(entry).toMatchObject({ actor_id: owner.id, target_type: 'workspace' });
      expect(JSON.parse(entry!.details)).toEqual({ name: 'Market research' });
    });

    it('refuses an empty or too long name, and the workspace beyond the limit, changing nothing', async () => {
      const owner = await createUser(t.ctx);
      expectError(
        await request(t.app, 'POST', '/api/workspaces', { token: owner.token, body: { name: '   ' } }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await request(t.app, 'POST', '/api/workspaces', {
          token: owner.token,
          body: { name: 'x'.repeat(WORKSPACE_LIMITS.name + 1) },
        }),
        400,
        'VALIDATION_FAILED',
      );
      const now = new Date().toISOString();
      const ids = Array.from({ length: WORKSPACE_LIMITS.workspacesPerUser }, () => newId());
      await db()
        .insertInto('workspaces')
        .values(ids.map((id) => ({ id, name: `Team ${id}`, created_by: owner.id, created_at: now, updated_at: now })))
        .execute();
      await db()
        .insertInto('workspace_members')
        .values(ids.map((id) => ({ workspace_id: id, user_id: owner.id, role: 'viewer' as const, created_at: now })))
        .execute();
      const res = await request(t.app, 'POST', '/api/workspaces', { token: owner.token, body: { name: 'One more' } });
      expectError(res, 409, 'WORKSPACE_LIMIT_REACHED', {
        message: errorMessage('WORKSPACE_LIMIT_REACHED', { limit: WORKSPACE_LIMITS.workspacesPerUser }),
        params: { limit: WORKSPACE_LIMITS.workspacesPerUser },
      });
      const count = await db()
        .selectFrom('workspace_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(WORKSPACE_LIMITS.workspacesPerUser);
    });

    it('is for signed-in users with a session: no token, an administrator and an API key are refused', async () => {
      const admin = await createAdmin(t.ctx);
      const user = await createUser(t.ctx);
      expectError(await request(t.app, 'GET', '/api/workspaces'), 401, 'UNAUTHORIZED');
      expectError(await request(t.app, 'GET', '/api/workspaces', { token: admin.token }), 401, 'INVALID_TOKEN');
      const key = await request(t.app, 'POST', '/api/user/api-keys', {
        token: user.token,
        body: { name: 'All', scopes: ['surveys:read', 'surveys:write', 'responses:read', 'responses:write'] },
      });
      expect(key.statusCode, key.body).toBe(201);
      const apiKey = key.json<{ key: string }>().key;
      expectError(await request(t.app, 'GET', '/api/workspaces', { token: apiKey }), 403, 'API_KEY_NOT_ALLOWED');
      expectError(
        await request(t.app, 'POST', '/api/workspaces', { token: apiKey, body: { name: 'By key' } }),
        403,
        'API_KEY_NOT_ALLOWED',
      );
    });
  });

  describe('renaming and deleting', () => {
    it('an owner renames a team workspace; others are refused by role, membership or the personal rule', async () => {
      const [owner, editor, viewer, stranger] = await Promise.all([
        createUser(t.ctx),
        createUser(t.ctx),
        createUser(t.ctx),
        createUser(t.ctx),
      ]);
      const id = await team(owner, [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ]);
      const rename = (who: CreatedAccount, workspaceId: string, name = 'Renamed') =>
        request(t.app, 'PATCH', `/api/workspaces/${workspaceId}`, { token: who.token, body: { name } });

      expectError(await rename(editor, id), 403, 'WORKSPACE_ROLE_FORBIDDEN', {
        message: errorMessage('WORKSPACE_ROLE_FORBIDDEN', { role: 'editor' }),
        params: { role: 'editor' },
      });
      expectError(await rename(viewer, id), 403, 'WORKSPACE_ROLE_FORBIDDEN');
      expectError(await rename(stranger, id), 404, 'WORKSPACE_NOT_FOUND', {
        message: ERROR_MESSAGES.WORKSPACE_NOT_FOUND,
      });
      expectError(await rename(owner, newId()), 404, 'WORKSPACE_NOT_FOUND');
      // Someone else's personal workspace is as unknown as any other id.
      expectError(await rename(owner, stranger.id), 404, 'WORKSPACE_NOT_FOUND');
      expectError(await rename(owner, owner.id), 409, 'WORKSPACE_PERSONAL');
      expect((await db().selectFrom('workspaces').select('name').where('id', '=', id).executeTakeFirst())?.name).toBe(
        'Research team',
      );

      const res = await rename(owner, id, 'Customer insight');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Workspace>()).toMatchObject({ id, name: 'Customer insight', role: 'owner', memberCount: 3 });
      const [entry] = await auditOf('workspace.renamed', id);
      expect(JSON.parse(entry!.details)).toEqual({ from: 'Research team', to: 'Customer insight' });
    });

    it('deleting moves the surveys to their creators as deleted, removes orphans for good, and an administrator restores one', async () => {
      const [owner, editor, viewer] = await Promise.all([createUser(t.ctx), createUser(t.ctx), createUser(t.ctx)]);
      const admin = await createAdmin(t.ctx);
      const id = await team(owner, [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ]);
      const ownersSurvey = await createSurvey(t.ctx, owner.id, { workspaceId: id, state: 'active' });
      const editorsSurvey = await createSurvey(t.ctx, editor.id, { workspaceId: id });
      // Made by someone whose account is gone since.
      const heard: Question = {
        id: 'q-heard',
        text: 'Where did you hear of us?',
        type: 'multiple_choice',
        options: ['Friends'],
        allowOther: true,
      };
      const orphan = await createSurvey(t.ctx, newId(), { workspaceId: id, state: 'active', questions: [heard] });
      await recordResponses(t.ctx.db, orphan.id, orphan.questions, [
        { id: newId(), submittedAt: '2026-03-01T10:00:00.000Z', answers: { 'q-heard': 'A poster' } },
      ]);
      await db()
        .insertInto('workspace_invitations')
        .values({
          id: newId(),
          workspace_id: id,
          email: 'someone@example.com',
          role: 'viewer',
          token_hash: newId(),
          invited_by: owner.id,
          created_at: new Date().toISOString(),
          expires_at: '2999-01-01T00:00:00.000Z',
          accepted_at: null,
          accepted_by: null,
          revoked_at: null,
        })
        .execute();

      for (const who of [editor, viewer]) {
        expectError(
          await request(t.app, 'DELETE', `/api/workspaces/${id}`, { token: who.token }),
          403,
          'WORKSPACE_ROLE_FORBIDDEN',
        );
      }
      expectError(
        await request(t.app, 'DELETE', `/api/workspaces/${owner.id}`, { token: owner.token }),
        409,
        'WORKSPACE_PERSONAL',
      );
      expect(await memberRows(id)).toHaveLength(3);

      const res = await request(t.app, 'DELETE', `/api/workspaces/${id}`, { token: owner.token });
      expect(res.statusCode, res.body).toBe(204);

      const surveys = await db()
        .selectFrom('surveys')
        .select(['id', 'state', 'workspace_id', 'user_id'])
        .where('id', 'in', [ownersSurvey.id, editorsSurvey.id, orphan.id])
        .orderBy('id')
        .execute();
      expect(surveys).toEqual(
        [
          { id: ownersSurvey.id, state: 'deleted', workspace_id: owner.id, user_id: owner.id },
          { id: editorsSurvey.id, state: 'deleted', workspace_id: editor.id, user_id: editor.id },
        ].sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
      for (const table of ['questions', 'responses', 'other_texts', 'answer_counts'] as const) {
        const left = await db().selectFrom(table).select('survey_id').where('survey_id', '=', orphan.id).execute();
        expect(left, table).toEqual([]);
      }
      expect(await db().selectFrom('workspaces').select('id').where('id', '=', id).execute()).toEqual([]);
      expect(await memberRows(id)).toEqual([]);
      expect(
        await db().selectFrom('workspace_invitations').select('id').where('workspace_id', '=', id).execute(),
      ).toEqual([]);
      const [entry] = await auditOf('workspace.deleted', id);
      expect(JSON.parse(entry!.details)).toEqual({ name: 'Research team', surveysMoved: 2, surveysRemoved: 1 });
      expectError(
        await request(t.app, 'GET', `/api/workspaces/${id}/members`, { token: owner.token }),
        404,
        'WORKSPACE_NOT_FOUND',
      );

      // An administrator restores the editor's survey: back to draft, in the editor's personal workspace.
      const restore = await request(t.app, 'PATCH', `/api/surveys/${editorsSurvey.id}/state`, {
        token: admin.token,
        body: { state: 'draft' },
      });
      expect(restore.statusCode, restore.body).toBe(200);
      const mine = await request(t.app, 'GET', `/api/surveys/${editorsSurvey.id}`, { token: editor.token });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json<Survey>()).toMatchObject({ state: 'draft', workspaceId: editor.id });
    });
  });

  describe('members', () => {
    it('any member lists the members, owners first then by name; the personal workspace has its owner alone', async () => {
      const [owner, zed, amy, bea, stranger] = await Promise.all([
        createUser(t.ctx, { name: 'Owen Owner' }),
        createUser(t.ctx, { name: 'Zed Zimmer' }),
        createUser(t.ctx, { name: 'amy Adams' }),
        createUser(t.ctx, { name: 'Bea Boss' }),
        createUser(t.ctx),
      ]);
      const id = await team(owner, [
        [zed, 'viewer'],
        [amy, 'editor'],
        [bea, 'owner'],
      ]);
      const res = await request(t.app, 'GET', `/api/workspaces/${id}/members`, { token: zed.token });
      expect(res.statusCode, res.body).toBe(200);
      const { members } = res.json<WorkspaceMemberListResponse>();
      expect(members.map((m) => [m.name, m.role])).toEqual([
        ['Bea Boss', 'owner'],
        ['Owen Owner', 'owner'],
        ['amy Adams', 'editor'],
        ['Zed Zimmer', 'viewer'],
      ]);
      expect(members[0]).toEqual({
        userId: bea.id,
        name: 'Bea Boss',
        email: bea.email,
        role: 'owner',
        joinedAt: expect.any(String),
      });
      expectError(
        await request(t.app, 'GET', `/api/workspaces/${id}/members`, { token: stranger.token }),
        404,
        'WORKSPACE_NOT_FOUND',
      );
      const personal = await request(t.app, 'GET', `/api/workspaces/${stranger.id}/members`, { token: stranger.token });
      expect(personal.json<WorkspaceMemberListResponse>().members).toEqual([
        expect.objectContaining({ userId: stranger.id, email: stranger.email, role: 'owner' }),
      ]);
    });

    it('owners change roles; the last owner cannot be demoted; others are refused', async () => {
      const [owner, editor, viewer] = await Promise.all([createUser(t.ctx), createUser(t.ctx), createUser(t.ctx)]);
      const id = await team(owner, [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ]);
      const setRole = (who: CreatedAccount, userId: string, role: WorkspaceRole, workspaceId = id) =>
        request(t.app, 'PATCH', `/api/workspaces/${workspaceId}/members/${userId}`, {
          token: who.token,
          body: { role },
        });

      expectError(await setRole(owner, owner.id, 'editor'), 409, 'WORKSPACE_LAST_OWNER', {
        message: ERROR_MESSAGES.WORKSPACE_LAST_OWNER,
      });
      expectError(await setRole(editor, viewer.id, 'editor'), 403, 'WORKSPACE_ROLE_FORBIDDEN');
      expectError(await setRole(viewer, viewer.id, 'owner'), 403, 'WORKSPACE_ROLE_FORBIDDEN');
      expectError(await setRole(owner, newId(), 'editor'), 404, 'WORKSPACE_MEMBER_NOT_FOUND');
      expectError(await setRole(owner, owner.id, 'viewer', owner.id), 409, 'WORKSPACE_PERSONAL');
      expectError(
        await request(t.app, 'PATCH', `/api/workspaces/${id}/members/${viewer.id}`, {
          token: owner.token,
          body: { role: 'admin' },
        }),
        400,
        'VALIDATION_FAILED',
      );
      expect(await findWorkspaceRole(db(), id, owner.id)).toBe('owner');
      expect(await findWorkspaceRole(db(), id, viewer.id)).toBe('viewer');

      const promoted = await setRole(owner, editor.id, 'owner');
      expect(promoted.statusCode, promoted.body).toBe(200);
      expect(promoted.json()).toMatchObject({ userId: editor.id, role: 'owner', email: editor.email });
      const [entry] = await auditOf('workspace.member.role_changed', id);
      expect(JSON.parse(entry!.details)).toEqual({ memberId: editor.id, from: 'editor', to: 'owner' });

      // Two owners now: the first may step down to viewer.
      expect((await setRole(owner, owner.id, 'viewer')).statusCode).toBe(200);
      expect(await findWorkspaceRole(db(), id, owner.id)).toBe('viewer');
      expectError(await setRole(editor, editor.id, 'editor'), 409, 'WORKSPACE_LAST_OWNER');
    });

    it('owners remove members, members leave; the last owner can do neither; others are refused', async () => {
      const [owner, editor, viewer, other] = await Promise.all([
        createUser(t.ctx),
        createUser(t.ctx),
        createUser(t.ctx),
        createUser(t.ctx),
      ]);
      const id = await team(owner, [
        [editor, 'editor'],
        [viewer, 'viewer'],
        [other, 'viewer'],
      ]);
      const remove = (who: CreatedAccount, userId: string, workspaceId = id) =>
        request(t.app, 'DELETE', `/api/workspaces/${workspaceId}/members/${userId}`, { token: who.token });
      // A survey the viewer made back when they could, with response emails on.
      const viewersSurvey = await createSurvey(t.ctx, viewer.id, { workspaceId: id });
      await db()
        .updateTable('surveys')
        .set({ notify_on_response: 'each' })
        .where('id', '=', viewersSurvey.id)
        .execute();

      expectError(await remove(editor, viewer.id), 403, 'WORKSPACE_ROLE_FORBIDDEN');
      expectError(await remove(owner, owner.id), 409, 'WORKSPACE_LAST_OWNER');
      expectError(await remove(owner, newId()), 404, 'WORKSPACE_MEMBER_NOT_FOUND');
      expectError(await remove(owner, owner.id, owner.id), 409, 'WORKSPACE_PERSONAL');
      expect(await memberRows(id)).toHaveLength(4);

      // The viewer leaves: their survey stays with the workspace, its response emails off.
      expect((await remove(viewer, viewer.id)).statusCode).toBe(204);
      expect(await findWorkspaceRole(db(), id, viewer.id)).toBeUndefined();
      const survey = await db()
        .selectFrom('surveys')
        .select(['workspace_id', 'notify_on_response', 'state'])
        .where('id', '=', viewersSurvey.id)
        .executeTakeFirst();
      expect(survey).toEqual({ workspace_id: id, notify_on_response: 'off', state: 'draft' });
      const [left] = await auditOf('workspace.member.left', id);
      expect(left).toMatchObject({ actor_id: viewer.id });
      expect(JSON.parse(left!.details)).toEqual({ memberId: viewer.id, role: 'viewer' });

      // The owner removes another member.
      expect((await remove(owner, other.id)).statusCode).toBe(204);
      const [removed] = await auditOf('workspace.member.removed', id);
      expect(removed).toMatchObject({ actor_id: owner.id });
      expect(JSON.parse(removed!.details)).toEqual({ memberId: other.id, role: 'viewer' });
      expectError(
        await request(t.app, 'GET', `/api/workspaces/${id}/members`, { token: other.token }),
        404,
        'WORKSPACE_NOT_FOUND',
      );

      // With a second owner the first may leave.
      await request(t.app, 'PATCH', `/api/workspaces/${id}/members/${editor.id}`, {
        token: owner.token,
        body: { role: 'owner' },
      });
      expect((await remove(owner, owner.id)).statusCode).toBe(204);
      expect((await memberRows(id)).map((m) => [m.user_id, m.role])).toEqual([[editor.id, 'owner']]);
    });

    it('removing a member ends their access to a team survey at once', async () => {
      const [owner, editor] = await Promise.all([createUser(t.ctx), createUser(t.ctx)]);
      const id = await team(owner, [[editor, 'editor']]);
      const survey = await createSurvey(t.ctx, owner.id, { workspaceId: id });
      const read = () => request(t.app, 'GET', `/api/surveys/${survey.id}`, { token: editor.token });
      expect((await read()).statusCode).toBe(200);
      const res = await request(t.app, 'DELETE', `/api/workspaces/${id}/members/${editor.id}`, {
        token: owner.token,
      });
      expect(res.statusCode, res.body).toBe(204);
      expectError(await read(), 404, 'SURVEY_NOT_FOUND');
      expectError(
        await request(t.app, 'GET', `/api/workspaces/${id}/members`, { token: editor.token }),
        404,
        'WORKSPACE_NOT_FOUND',
      );
    });
  });
});
