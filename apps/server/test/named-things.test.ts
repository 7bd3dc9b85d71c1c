import { describe, expect, it } from 'vitest';
import { NAME_MESSAGES, type Survey, type SurveyInput, type Workspace } from '@quorum/contract';
import { createSurvey, createUser, createWorkspace, type CreatedAccount } from '@quorum/test-support/factories';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

/**
 * What a person names (a workspace, an API key, a project, a survey) follows the rule of account names
 * (accounts-names.test.ts): no control characters, line or paragraph separators or bidi controls.
 */
const HOSTILE: Array<[string, string]> = [
  ['a line feed', 'Team\nVisit https://evil.example'],
  ['a carriage return', 'Team\rBcc'],
  ['a tab', 'Team\tTab'],
  ['an escape', 'Team\u001b[31mRed'],
  ['a next-line (C1)', 'Team\u0085Next'],
  ['a delete', 'Team\u007fDel'],
  ['a line separator', 'Team\u2028Line'],
  ['a paragraph separator', 'Team\u2029Paragraph'],
  ['a right-to-left override', 'Team\u202Egnp.exe'],
  ['a left-to-right embedding', 'Team\u202AEmbedded'],
  ['a first-strong isolate', 'Team\u2068Isolated\u2069'],
];

const FINE = ['Équipe Zoë', '山田チーム', 'فريق البحث', 'Launch 🚀 team', 'Family 👩‍👩‍👧'];

const refused = (rule: keyof typeof NAME_MESSAGES, field: string) => ({
  message: NAME_MESSAGES[rule],
  params: { location: 'body', field, issue: 'custom', rule },
});

const surveyBody = (overrides: Partial<SurveyInput> = {}): SurveyInput => ({
  projectName: 'Summer Festival',
  title: 'Visitor feedback',
  questions: [{ text: 'Anything else?\nTell us.', type: 'text', options: [] }],
  ...overrides,
});

describe(`names people give things (${TEST_DIALECT})`, () => {
  const t = useTestApp({ surveyWriteRateLimit: 10_000 });
  const db = () => t.ctx.db.kysely;

  const workspaceNames = async (owner: CreatedAccount) =>
    (
      await db()
        .selectFrom('workspaces')
        .innerJoin('workspace_members', 'workspace_members.workspace_id', 'workspaces.id')
        .select('workspaces.name')
        .where('workspace_members.user_id', '=', owner.id)
        .execute()
    ).map((row) => row.name);

  describe('workspaces', () => {
    it.each(HOSTILE)('refuses a new workspace whose name holds %s, creating nothing', async (_case, name) => {
      const owner = await createUser(t.ctx);
      const res = await request(t.app, 'POST', '/api/workspaces', { token: owner.token, body: { name } });
      expectError(res, 400, 'VALIDATION_FAILED', refused('workspaceNameControlCharacters', 'name'));
      expect(await workspaceNames(owner)).toEqual([]);
    });

    it.each(HOSTILE)('refuses renaming to a name holding %s and keeps the name', async (_case, name) => {
      const owner = await createUser(t.ctx);
      const id = await createWorkspace(t.ctx, [[owner, 'owner']], 'Kept name');
      const res = await request(t.app, 'PATCH', `/api/workspaces/${id}`, { token: owner.token, body: { name } });
      expectError(res, 400, 'VALIDATION_FAILED', refused('workspaceNameControlCharacters', 'name'));
      expect(await workspaceNames(owner)).toEqual(['Kept name']);
    });

    it.each(FINE)('accepts %s', async (name) => {
      const owner = await createUser(t.ctx);
      const res = await request(t.app, 'POST', '/api/workspaces', { token: owner.token, body: { name } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Workspace>().name).toBe(name);
    });

    it('still lists a workspace stored with such a name before the rule', async () => {
      const owner = await createUser(t.ctx);
      const id = await createWorkspace(t.ctx, [[owner, 'owner']], 'Old\nname');
      const res = await request(t.app, 'GET', '/api/workspaces', { token: owner.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ workspaces: Workspace[] }>().workspaces.find((w) => w.id === id)?.name).toBe('Old\nname');
    });
  });

  describe('API keys', () => {
    it.each(HOSTILE)('refuses a key whose name holds %s, creating nothing', async (_case, name) => {
      const owner = await createUser(t.ctx);
      const res = await request(t.app, 'POST', '/api/user/api-keys', {
        token: owner.token,
        body: { name, scopes: ['surveys:read'] },
      });
      expectError(res, 400, 'VALIDATION_FAILED', refused('apiKeyNameControlCharacters', 'name'));
      const keys = await db().selectFrom('api_keys').select('id').where('user_id', '=', owner.id).execute();
      expect(keys).toEqual([]);
    });

    it.each(FINE)('accepts %s', async (name) => {
      const owner = await createUser(t.ctx);
      const res = await request(t.app, 'POST', '/api/user/api-keys', {
        token: owner.token,
        body: { name, scopes: ['surveys:read'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ name: string }>().name).toBe(name);
    });
  });

  describe.each([
    ['project names', 'projectName', 'projectNameControlCharacters'],
    ['survey titles', 'title', 'titleControlCharacters'],
  ] as const)('%s', (_what, field, rule) => {
    it.each(HOSTILE)('refuses a new survey with %s, creating nothing', async (_case, text) => {
      const owner = await createUser(t.ctx);
      const res = await request(t.app, 'POST', '/api/surveys', {
        token: owner.token,
        body: surveyBody({ [field]: text }),
      });
      expectError(res, 400, 'VALIDATION_FAILED', refused(rule, field));
      const surveys = await db().selectFrom('surveys').select('id').where('user_id', '=', owner.id).execute();
      expect(surveys).toEqual([]);
    });

    it.each(HOSTILE)('refuses saving a survey with %s and keeps what was stored', async (_case, text) => {
      const owner = await createUser(t.ctx);
      const survey = await createSurvey(t.ctx, owner.id, { projectName: 'Kept project', title: 'Kept title' });
      const res = await request(t.app, 'PUT', `/api/surveys/${survey.id}`, {
        token: owner.token,
        body: surveyBody({ [field]: text }),
      });
      expectError(res, 400, 'VALIDATION_FAILED', refused(rule, field));
      const row = await db()
        .selectFrom('surveys')
        .select(['project_name', 'title'])
        .where('id', '=', survey.id)
        .executeTakeFirst();
      expect(row).toEqual({ project_name: 'Kept project', title: 'Kept title' });
    });

    it.each(FINE)('accepts %s', async (text) => {
      const owner = await createUser(t.ctx);
      const res = await request(t.app, 'POST', '/api/surveys', {
        token: owner.token,
        body: surveyBody({ [field]: text }),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Survey>()[field]).toBe(text);
    });
  });

  it('still reads a survey stored with a line break in its title before the rule', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { title: 'Old\ntitle' });
    const res = await request(t.app, 'GET', `/api/surveys/${survey.id}`, { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Survey>().title).toBe('Old\ntitle');
  });
});
