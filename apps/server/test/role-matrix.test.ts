import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_SCOPES,
  type CreatedApiKey,
  type CreateVisitResponse,
  type ExportLinkResponse,
  type ResultsShare,
} from '@quorum/contract';
import { createAdmin, createSurvey, createUser, createWorkspace } from '@quorum/test-support/factories';
import { TEST_DIALECT, useTestApp } from './helpers';
import { newId } from '../src/lib/ids';
import {
  CALLERS,
  ROLE_MATRIX,
  TEAM_CALLERS,
  expectedForKey,
  expectedForTeam,
  type Caller,
  type MatrixFixture,
  type MatrixRow,
} from './role-matrix.table';
import { registeredApiRoutes } from './support/routes';
import { matrixWebhook } from './support/matrix-webhook';

/** The callers of the table (the workspace's editor and viewer among them), and the owner's API key with every scope. */
type MatrixCaller = Caller | 'ownerKey';

const rowName = (row: MatrixRow) => `${row.method} ${row.route}${row.case ? ` (${row.case})` : ''}`;

describe(`role matrix (${TEST_DIALECT})`, () => {
  const t = useTestApp({ outboundAllowPrivate: false });
  let baseUrl: string | undefined;

  async function createKey(token: string): Promise<CreatedApiKey> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/api-keys',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Matrix key', scopes: [...API_KEY_SCOPES] },
    });
    if (res.statusCode !== 201) throw new Error(`api key: ${res.statusCode} ${res.body}`);
    return res.json() as CreatedApiKey;
  }

  /** A pending invitation to the workspace for `email`, as its row; its link's token is kept for the row. */
  async function matrixInvitation(workspaceId: string, invitedBy: string, email: string) {
    const invitationToken = randomBytes(32).toString('base64url');
    const invitationId = newId();
    const now = t.ctx.clock.now();
    await t.ctx.db.kysely
      .insertInto('workspace_invitations')
      .values({
        id: invitationId,
        workspace_id: workspaceId,
        email,
        role: 'editor',
        token_hash: createHash('sha256').update(invitationToken).digest('hex'),
        invited_by: invitedBy,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
        accepted_at: null,
        accepted_by: null,
        revoked_at: null,
      })
      .execute();
    return { invitationId, invitationToken };
  }

  async function fixtureFor(row: MatrixRow, caller: MatrixCaller): Promise<MatrixFixture> {
    const [owner, otherUser, admin, editor, viewer] = await Promise.all([
      createUser(t.ctx, { name: 'Olivia Owner' }),
      createUser(t.ctx, { name: 'Oscar Other' }),
      createAdmin(t.ctx),
      createUser(t.ctx, { name: 'Edith Editor' }),
      createUser(t.ctx, { name: 'Victor Viewer' }),
    ]);
    const workspaceId = await createWorkspace(
      t.ctx,
      [
        [owner, 'owner'],
        [editor, 'editor'],
        [viewer, 'viewer'],
      ],
      'Matrix team',
    );
    const survey = await createSurvey(t.ctx, owner.id, { state: row.surveyState ?? 'draft', workspaceId });
    const fixture: MatrixFixture = { owner, otherUser, admin, editor, viewer, workspaceId, survey };
    if (row.exportLink) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/surveys/${survey.id}/results/export-link`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      if (res.statusCode !== 200) throw new Error(`export link: ${res.statusCode} ${res.body}`);
      fixture.exportLink = (res.json() as ExportLinkResponse).url;
    }
    if (row.withVisit) {
      const res = await t.app.inject({ method: 'POST', url: `/api/surveys/${survey.id}/visits` });
      if (res.statusCode !== 201) throw new Error(`visit: ${res.statusCode} ${res.body}`);
      fixture.visitId = (res.json() as CreateVisitResponse).visitId;
    }
    if (row.withResponse) {
      const answers = survey.questions.map((q) => ({
        questionId: q.id,
        answer:
          q.type === 'checkbox'
            ? [q.options[0]!]
            : q.type === 'text'
              ? 'Fine'
              : q.type === 'rating'
                ? 4
                : q.options[0]!,
      }));
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/surveys/${survey.id}/responses`,
        payload: { answers },
      });
      if (res.statusCode !== 201) throw new Error(`response: ${res.statusCode} ${res.body}`);
      fixture.responseId = (res.json() as { responseId: string }).responseId;
    }
    if (row.withShare) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/surveys/${survey.id}/results/share`,
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { includeTextAnswers: false },
      });
      if (res.statusCode !== 200) throw new Error(`share: ${res.statusCode} ${res.body}`);
      fixture.shareUrl = (res.json() as ResultsShare).url;
    }
    if (row.withWebhook) Object.assign(fixture, await matrixWebhook(t.ctx, survey.id));
    if (row.withApiKey) fixture.apiKeyId = (await createKey(owner.token)).id;
    if (row.withInvitation) Object.assign(fixture, await matrixInvitation(workspaceId, owner.id, otherUser.email));
    if (caller === 'ownerKey') fixture.ownerKey = (await createKey(owner.token)).key;
    return fixture;
  }

  const tokenOf = (f: MatrixFixture, caller: MatrixCaller) =>
    caller === 'anonymous'
      ? undefined
      : caller === 'ownerKey'
        ? f.ownerKey
        : caller === 'owner'
          ? f.owner.token
          : f[caller].token;

  async function call(row: MatrixRow, caller: MatrixCaller): Promise<number> {
    const f = await fixtureFor(row, caller);
    const { url, body } = row.request(f, caller === 'ownerKey' ? 'owner' : caller);
    const token = tokenOf(f, caller);
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (row.stream) {
      // A stream never ends by itself: read the status line over real HTTP, then hang up.
      if (!baseUrl) {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      }
      return new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${baseUrl}${url}`, { method: row.method, headers }, (res) => {
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', (error) => {
          if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
        });
        req.end();
      });
    }
    const res = await t.app.inject({
      method: row.method,
      url,
      headers,
      // Each call from its own address: the per-client rate limits never mix rows.
      remoteAddress: `10.${randomBytes(3).join('.')}`,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (res.statusCode >= 500) throw new Error(`${rowName(row)} as ${caller}: ${res.statusCode} ${res.body}`);
    return res.statusCode;
  }

  it.each(ROLE_MATRIX.map((row) => [rowName(row), row] as const))('%s', async (_name, row) => {
    const actual: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const [index, caller] of CALLERS.entries()) {
      expected[caller] = row.expect[index]!;
      actual[caller] = await call(row, caller);
    }
    const team = expectedForTeam(row);
    for (const [index, caller] of TEAM_CALLERS.entries()) {
      expected[caller] = team[index]!;
      actual[caller] = await call(row, caller);
    }
    expected.ownerKey = expectedForKey(row);
    actual.ownerKey = await call(row, 'ownerKey');
    expect(actual).toEqual(expected);
  });

  it('says what editors and viewers get on every row of a survey or workspace route', () => {
    const silent = ROLE_MATRIX.filter(
      (row) => (row.route.includes(':surveyId') || row.route.includes(':workspaceId')) && !row.team,
    ).map(rowName);
    expect(silent).toEqual([]);
  });

  it('has a row for every /api route the server registers, and no row for a route it lacks', () => {
    const registered = registeredApiRoutes(t.app);
    expect(registered.length).toBeGreaterThan(10);
    const inTable = new Set(ROLE_MATRIX.map((row) => `${row.method} ${row.route}`));
    expect(
      registered.filter((route) => !inTable.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...inTable].filter((route) => !registered.includes(route)),
      'rows for routes the server does not have',
    ).toEqual([]);
  });
});
