import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  WORKSPACE_LIMITS,
  errorMessage,
  type Invitation,
  type InvitationListResponse,
  type Workspace,
  type WorkspaceRole,
} from '@quorum/contract';
import {
  partsOf,
  startSmtpCapture,
  verificationTokenFrom,
  type CapturedMail,
  type SmtpCapture,
} from '@quorum/test-support/smtp';
import {
  DEFAULT_PASSWORD,
  createUser,
  addMember,
  uniqueEmail,
  type CreatedAccount,
} from '@quorum/test-support/factories';
import { newId } from '../src/lib/ids';
import { findWorkspaceRole } from '../src/modules/workspaces/workspace-members.repository';
import { TEST_DIALECT, createTestApp, request, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

const PUBLIC_URL = 'https://surveys.example.test';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The token in an invitation mail's link. */
function invitationTokenFrom(mail: CapturedMail): string {
  const match = /https:\/\/surveys\.example\.test\/invitations\/([A-Za-z0-9_-]+)/.exec(partsOf(mail.raw).text);
  if (!match) throw new Error(`no invitation link in:\n${mail.raw}`);
  return match[1]!;
}

describe(`workspace invitations (${TEST_DIALECT})`, () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let now = new Date('2026-06-01T09:00:00Z');
  const clock = { now: () => now };
  const advanceDays = (days: number) => (now = new Date(now.getTime() + days * 24 * 60 * 60_000));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(
      { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, loginRateLimit: 1000, registerRateLimit: 1000 },
      { clock },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const db = () => t.ctx.db.kysely;

  /** A team workspace of `owner` (made through the API) with these members (as rows). */
  async function team(owner: CreatedAccount, members: Array<[CreatedAccount, WorkspaceRole]> = []): Promise<string> {
    const res = await request(t.app, 'POST', '/api/workspaces', { token: owner.token, body: { name: 'Field study' } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<Workspace>();
    for (const [account, role] of members) await addMember(t.ctx, id, account.id, role);
    return id;
  }

  const invite = (who: CreatedAccount, workspaceId: string, email: string, role: WorkspaceRole = 'editor') =>
    request(t.app, 'POST', `/api/workspaces/${workspaceId}/invitations`, { token: who.token, body: { email, role } });

  /** Invites `email` and answers the token of the link mailed to it. */
  async function invited(owner: CreatedAccount, workspaceId: string, email: string, role: WorkspaceRole = 'editor') {
    const before = smtp.mails.filter((m) => m.to.includes(email.toLowerCase())).length;
    const res = await invite(owner, workspaceId, email, role);
    expect(res.statusCode, res.body).toBe(201);
    const mail = await smtp.waitFor(email.toLowerCase(), before + 1);
    return { invitation: res.json<Invitation>(), token: invitationTokenFrom(mail), mail };
  }

  const preview = (token: string) => request(t.app, 'GET', `/api/invitations/${token}`);
  const accept = (who: CreatedAccount | { token: string }, token: string) =>
    request(t.app, 'POST', `/api/invitations/${token}/accept`, { token: who.token });
  const memberRows = (workspaceId: string) =>
    db().selectFrom('workspace_members').selectAll().where('workspace_id', '=', workspaceId).execute();

  it('mails a single-use link whose token is stored only as its hash, and audits the invitation', async () => {
    const owner = await createUser(t.ctx, { name: 'Olga Owner' });
    const id = await team(owner);
    const email = uniqueEmail('Invitee');
    const { invitation, token, mail } = await invited(owner, id, email.toUpperCase(), 'viewer');

    expect(invitation).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      role: 'viewer',
      invitedBy: { id: owner.id, name: 'Olga Owner' },
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + WORKSPACE_LIMITS.invitationDays * 86_400_000).toISOString(),
    });
    const { text, html, headers } = partsOf(mail.raw);
    expect(headers).toMatch(/^Subject: Olga Owner invited you to Field study on Quorum$/m);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    for (const part of [text, html]) {
      expect(part).toContain(`${PUBLIC_URL}/invitations/${token}`);
      expect(part).toContain('a viewer');
      expect(part).toContain(`valid for ${WORKSPACE_LIMITS.invitationDays} days`);
    }
    const row = await db()
      .selectFrom('workspace_invitations')
      .selectAll()
      .where('id', '=', invitation.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ token_hash: sha256(token), workspace_id: id, invited_by: owner.id, accepted_at: null });
    expect(JSON.stringify(await db().selectFrom('workspace_invitations').selectAll().execute())).not.toContain(token);

    const [entry] = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', 'workspace.invitation.created')
      .where('target_id', '=', id)
      .execute();
    expect(JSON.parse(entry!.details)).toEqual({
      invitationId: invitation.id,
      email: email.toLowerCase(),
      role: 'viewer',
      replaced: 0,
    });

    // Anyone holding the link sees what it offers.
    const seen = await preview(token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({
      workspace: { id, name: 'Field study' },
      email: email.toLowerCase(),
      role: 'viewer',
      invitedBy: { id: owner.id, name: 'Olga Owner' },
      expiresAt: invitation.expiresAt,
    });
  });

  it('leaves names that look like addresses out of the mail', async () => {
    const owner = await createUser(t.ctx, { name: 'Visit evil.example' });
    const created = await request(t.app, 'POST', '/api/workspaces', {
      token: owner.token,
      body: { name: 'https://evil.example/login' },
    });
    const { id } = created.json<Workspace>();
    const { mail } = await invited(owner, id, uniqueEmail('careful'));
    const { text, html, headers } = partsOf(mail.raw);
    expect(headers).toMatch(/^Subject: You are invited to a workspace on Quorum$/m);
    for (const part of [headers, text, html]) expect(part).not.toContain('evil.example');
    expect(text).toContain('A colleague invited you');
  });

  it('only owners of a team workspace invite; members, the limit and the personal workspace are refused', async () => {
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
    const email = uniqueEmail('nobody');
    expectError(await invite(editor, id, email), 403, 'WORKSPACE_ROLE_FORBIDDEN');
    expectError(await invite(viewer, id, email), 403, 'WORKSPACE_ROLE_FORBIDDEN');
    expectError(await invite(stranger, id, email), 404, 'WORKSPACE_NOT_FOUND');
    expectError(await invite(owner, owner.id, email), 409, 'WORKSPACE_PERSONAL', {
      message: ERROR_MESSAGES.WORKSPACE_PERSONAL,
    });
    expectError(await invite(owner, id, editor.email.toUpperCase()), 409, 'WORKSPACE_ALREADY_MEMBER', {
      message: errorMessage('WORKSPACE_ALREADY_MEMBER', { email: editor.email }),
      params: { email: editor.email },
    });
    expectError(await invite(owner, id, 'not an email'), 400, 'VALIDATION_FAILED');
    expect(
      await db().selectFrom('workspace_invitations').select('id').where('workspace_id', '=', id).execute(),
    ).toEqual([]);

    // Members plus pending invitations: 3 members, so 97 invitations fill the workspace.
    await db()
      .insertInto('workspace_invitations')
      .values(
        Array.from({ length: WORKSPACE_LIMITS.membersPerWorkspace - 3 }, (_, i) => ({
          id: newId(),
          workspace_id: id,
          email: `filler-${i}@example.com`,
          role: 'viewer' as const,
          token_hash: newId(),
          invited_by: owner.id,
          created_at: now.toISOString(),
          expires_at: '2999-01-01T00:00:00.000Z',
          accepted_at: null,
          accepted_by: null,
          revoked_at: null,
        })),
      )
      .execute();
    expectError(await invite(owner, id, email), 409, 'WORKSPACE_MEMBER_LIMIT', {
      message: errorMessage('WORKSPACE_MEMBER_LIMIT', { limit: WORKSPACE_LIMITS.membersPerWorkspace }),
      params: { limit: WORKSPACE_LIMITS.membersPerWorkspace },
    });
    // Inviting one of them again replaces their invitation, which fits.
    const again = await invite(owner, id, 'filler-0@example.com');
    expect(again.statusCode, again.body).toBe(201);
  });

  it('lists pending invitations newest first; inviting again replaces; a revoked link stops working', async () => {
    const owner = await createUser(t.ctx);
    const editor = await createUser(t.ctx);
    const id = await team(owner, [[editor, 'editor']]);
    const first = await invited(owner, id, uniqueEmail('first'));
    now = new Date(now.getTime() + 60_000);
    const second = await invited(owner, id, uniqueEmail('second'), 'viewer');
    now = new Date(now.getTime() + 60_000);
    const replacement = await invited(owner, id, first.invitation.email, 'owner');
    expectError(await preview(first.token), 404, 'INVITATION_NOT_FOUND', {
      message: ERROR_MESSAGES.INVITATION_NOT_FOUND,
    });

    const list = await request(t.app, 'GET', `/api/workspaces/${id}/invitations`, { token: owner.token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<InvitationListResponse>().invitations.map((i) => [i.id, i.role])).toEqual([
      [replacement.invitation.id, 'owner'],
      [second.invitation.id, 'viewer'],
    ]);
    expectError(
      await request(t.app, 'GET', `/api/workspaces/${id}/invitations`, { token: editor.token }),
      403,
      'WORKSPACE_ROLE_FORBIDDEN',
    );

    const revoke = (who: CreatedAccount, invitationId: string) =>
      request(t.app, 'DELETE', `/api/workspaces/${id}/invitations/${invitationId}`, { token: who.token });
    expectError(await revoke(editor, second.invitation.id), 403, 'WORKSPACE_ROLE_FORBIDDEN');
    expect((await revoke(owner, second.invitation.id)).statusCode).toBe(204);
    expectError(await revoke(owner, second.invitation.id), 404, 'INVITATION_ID_NOT_FOUND');
    expectError(await revoke(owner, first.invitation.id), 404, 'INVITATION_ID_NOT_FOUND');
    expectError(await preview(second.token), 404, 'INVITATION_NOT_FOUND');
    const audited = await db()
      .selectFrom('audit_log')
      .select('details')
      .where('type', '=', 'workspace.invitation.revoked')
      .where('target_id', '=', id)
      .execute();
    expect(audited.map((e) => JSON.parse(e.details))).toEqual([
      { invitationId: second.invitation.id, email: second.invitation.email, role: 'viewer' },
    ]);
    const left = await request(t.app, 'GET', `/api/workspaces/${id}/invitations`, { token: owner.token });
    expect(left.json<InvitationListResponse>().invitations.map((i) => i.id)).toEqual([replacement.invitation.id]);
  });

  it('an existing account with the invited email accepts once; the link is used afterwards', async () => {
    const owner = await createUser(t.ctx);
    const invitee = await createUser(t.ctx, { name: 'Ian Invitee' });
    const id = await team(owner);
    const { token, invitation } = await invited(owner, id, invitee.email, 'editor');

    const res = await accept(invitee, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id,
      name: 'Field study',
      role: 'editor',
      personal: false,
      memberCount: 2,
      createdAt: expect.any(String),
    });
    expect(await findWorkspaceRole(db(), id, invitee.id)).toBe('editor');
    const row = await db()
      .selectFrom('workspace_invitations')
      .selectAll()
      .where('id', '=', invitation.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ accepted_at: now.toISOString(), accepted_by: invitee.id });
    const [entry] = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', 'workspace.invitation.accepted')
      .where('target_id', '=', id)
      .execute();
    expect(entry).toMatchObject({ actor_id: invitee.id });

    expectError(await accept(invitee, token), 409, 'INVITATION_USED', { message: ERROR_MESSAGES.INVITATION_USED });
    expectError(await preview(token), 409, 'INVITATION_USED');
    expect(await memberRows(id)).toHaveLength(2);
    // The workspace is the invitee's now.
    const listed = await request(t.app, 'GET', '/api/workspaces', { token: invitee.token });
    expect(listed.json<{ workspaces: Workspace[] }>().workspaces.map((w) => w.id)).toContain(id);
  });

  it('someone who registers and verifies with the invited email accepts', async () => {
    const owner = await createUser(t.ctx);
    const id = await team(owner);
    const email = uniqueEmail('newcomer');
    const { token } = await invited(owner, id, email, 'viewer');

    const registered = await request(t.app, 'POST', '/api/user/auth/register', {
      body: { name: 'Nina Newcomer', email, password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const verification = verificationTokenFrom(await smtp.waitFor(email, 2), PUBLIC_URL);
    expect((await request(t.app, 'GET', `/api/user/auth/verify-email/${verification}`)).statusCode).toBe(200);
    const login = await request(t.app, 'POST', '/api/user/auth/login', { body: { email, password: DEFAULT_PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    const session = login.json<{ token: string; user: { id: string } }>();

    const res = await accept(session, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Workspace>()).toMatchObject({ id, role: 'viewer', memberCount: 2 });
    expect(await findWorkspaceRole(db(), id, session.user.id)).toBe('viewer');
  });

  it('refuses another email, an expired link and an unknown one, changing nothing', async () => {
    const owner = await createUser(t.ctx);
    const someoneElse = await createUser(t.ctx);
    const id = await team(owner);
    const email = uniqueEmail('expected');
    const { token } = await invited(owner, id, email);

    expectError(await accept(someoneElse, token), 403, 'INVITATION_EMAIL_MISMATCH', {
      message: errorMessage('INVITATION_EMAIL_MISMATCH', { email }),
      params: { email },
    });
    expectError(await accept(owner, 'A'.repeat(43)), 404, 'INVITATION_NOT_FOUND');
    expectError(await preview('A'.repeat(43)), 404, 'INVITATION_NOT_FOUND');
    expectError(await accept({ token: '' }, token), 401, 'UNAUTHORIZED');

    const invitee = await createUser(t.ctx, { email });
    advanceDays(WORKSPACE_LIMITS.invitationDays);
    expectError(await preview(token), 410, 'INVITATION_EXPIRED', { message: ERROR_MESSAGES.INVITATION_EXPIRED });
    expectError(await accept(invitee, token), 410, 'INVITATION_EXPIRED');
    expect(await memberRows(id)).toHaveLength(1);
    const list = await request(t.app, 'GET', `/api/workspaces/${id}/invitations`, { token: owner.token });
    expect(list.json<InvitationListResponse>().invitations).toEqual([]);
  });

  it('a member accepting is not added twice, and two accepts at the same moment add one member', async () => {
    const owner = await createUser(t.ctx);
    const member = await createUser(t.ctx);
    const id = await team(owner);
    // Invited, then made a member another way (another invitation, say) before accepting this one.
    const { token } = await invited(owner, id, member.email, 'owner');
    await db()
      .insertInto('workspace_members')
      .values({ workspace_id: id, user_id: member.id, role: 'viewer', created_at: now.toISOString() })
      .execute();
    const res = await accept(member, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Workspace>()).toMatchObject({ id, role: 'viewer', memberCount: 2 });
    expect(await memberRows(id)).toHaveLength(2);
    expectError(await accept(member, token), 409, 'INVITATION_USED');

    const racer = await createUser(t.ctx);
    const race = await invited(owner, id, racer.email, 'editor');
    const answers = await Promise.all([accept(racer, race.token), accept(racer, race.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('INVITATION_USED');
    const rows = await memberRows(id);
    expect(rows.filter((r) => r.user_id === racer.id)).toHaveLength(1);
  });

  it('limits invitations (each sends a mail) per owner and hour, and reading links per client address', async () => {
    const owner = await createUser(t.ctx);
    const id = await team(owner);
    for (let i = 0; i < 20; i++) {
      const res = await invite(owner, id, `limit-${i}-${owner.id}@example.com`);
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await invite(owner, id, `limit-20-${owner.id}@example.com`);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    const pending = await request(t.app, 'GET', `/api/workspaces/${id}/invitations`, { token: owner.token });
    expect(pending.json<InvitationListResponse>().invitations).toHaveLength(20);

    const read = () =>
      t.app.inject({ method: 'GET', url: `/api/invitations/${'B'.repeat(43)}`, remoteAddress: '10.20.30.40' });
    for (let i = 0; i < 30; i++) expect((await read()).statusCode).toBe(404);
    expectError(await read(), 429, 'RATE_LIMITED');
  });

  it('accepting respects the limit of workspaces per person, and leaves the link usable', async () => {
    const owner = await createUser(t.ctx);
    const busy = await createUser(t.ctx);
    const id = await team(owner);
    const { token } = await invited(owner, id, busy.email);
    const stamp = now.toISOString();
    const ids = Array.from({ length: WORKSPACE_LIMITS.workspacesPerUser }, () => newId());
    await db()
      .insertInto('workspaces')
      .values(ids.map((w) => ({ id: w, name: 'Full', created_by: busy.id, created_at: stamp, updated_at: stamp })))
      .execute();
    await db()
      .insertInto('workspace_members')
      .values(ids.map((w) => ({ workspace_id: w, user_id: busy.id, role: 'owner' as const, created_at: stamp })))
      .execute();
    expectError(await accept(busy, token), 409, 'WORKSPACE_LIMIT_REACHED');
    expect((await preview(token)).statusCode).toBe(200);
    expect(await findWorkspaceRole(db(), id, busy.id)).toBeUndefined();
  });
});
