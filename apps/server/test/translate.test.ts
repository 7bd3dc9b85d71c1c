import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SURVEY_MESSAGES,
  type Question,
  type TranslateSurveyBody,
  type TranslateSurveyResponse,
} from '@quorum/contract';
import {
  addMember,
  createAdmin,
  createSurvey,
  createUser,
  createWorkspace,
  question,
} from '@quorum/test-support/factories';
import { TRANSLATE_RATE_LIMIT } from '../src/modules/translate/translate.routes';
import { TEST_DIALECT, createTestApp, request, type TestApp } from './helpers';
import { expectError } from './support/expect-error';
import { FakeProvider, completion } from './support/fake-ai-provider';

const AI_TIMEOUT_MS = 600;

/** The fixture survey: a choice, a rating with labels, a matrix and a text question, with welcome and thank-you. */
function festivalQuestions(): Question[] {
  return [
    {
      ...question.multipleChoice('Which day did you attend?', ['Friday', 'Saturday', 'Sunday'], 'day'),
      description: 'Pick one',
    },
    question.rating('How was the food?', { min: 1, max: 5, labels: { '1': 'Very poor', '5': 'Excellent' } }, 'food'),
    { id: 'grid', text: 'Rate the stages', type: 'matrix', options: ['Good', 'Bad'], rows: ['Main', 'Tent'] },
    question.text('Anything else?', 'else'),
  ];
}

const SETTINGS = {
  welcome: { title: 'Welcome', text: 'Tell us about the festival', buttonLabel: null },
  thankYou: { title: 'Thanks!', text: null, redirectUrl: null },
};

/** A German translation as a model would answer it, with a text the survey does not have (dropped). */
const GERMAN = {
  title: 'Umfrage',
  welcome: { title: 'Willkommen', text: 'Erzählen Sie uns vom Festival', buttonLabel: 'Los' },
  thankYou: { title: 'Danke!' },
  questions: {
    day: {
      text: 'An welchem Tag waren Sie da?',
      description: 'Wählen Sie einen',
      options: ['Freitag', 'Samstag', 'Sonntag'],
    },
    food: { text: 'Wie war das Essen?', labels: { '1': 'Sehr schlecht', '5': 'Ausgezeichnet' } },
    grid: { text: 'Bewerten Sie die Bühnen', options: ['Gut', 'Schlecht'], rows: ['Hauptbühne', 'Zelt'] },
    else: { text: 'Sonst noch etwas?', description: 'Nicht gefragt' },
  },
};

describe(`POST /api/surveys/:surveyId/translate with an AI provider (${TEST_DIALECT})`, () => {
  const provider = new FakeProvider();
  let t: TestApp;

  beforeAll(async () => {
    const baseUrl = await provider.start();
    t = await createTestApp({ ai: { baseUrl, apiKey: 'sk-test-key', model: 'test-model', timeoutMs: AI_TIMEOUT_MS } });
  });
  afterAll(async () => {
    await t?.close();
    await provider.close();
  });

  it('is offered to the editor through GET /api/config', async () => {
    const res = await request(t.app, 'GET', '/api/config');
    expect(res.json()).toMatchObject({ aiTranslation: true });
  });

  /** The body as the contract types it; a wrong one (a number, say) is sent as it is too. */
  const translate = (token: string, surveyId: string, language: TranslateSurveyBody['language'] | number = 'de') =>
    request(t.app, 'POST', `/api/surveys/${surveyId}/translate`, { token, body: { language } });

  async function ownedSurvey(state: 'draft' | 'active' | 'paused' | 'closed' = 'draft') {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, {
      title: 'Festival survey',
      state,
      questions: festivalQuestions(),
      settings: SETTINGS,
    });
    return { owner, survey };
  }

  async function version(surveyId: string): Promise<{ version: number; updated_at: string }> {
    const row = await t.ctx.db.kysely
      .selectFrom('surveys')
      .select(['version', 'updated_at'])
      .where('id', '=', surveyId)
      .executeTakeFirstOrThrow();
    return { version: Number(row.version), updated_at: row.updated_at };
  }

  it('asks for the saved texts in JSON and answers the checked draft, storing nothing', async () => {
    provider.reset();
    provider.reply(completion(`Here it is:\n\`\`\`json\n${JSON.stringify(GERMAN)}\n\`\`\``));
    const { owner, survey } = await ownedSurvey();
    const before = await version(survey.id);

    const res = await translate(owner.token, survey.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TranslateSurveyResponse>()).toEqual({
      language: 'de',
      translation: {
        title: 'Umfrage',
        // The survey's welcome has no button label, its thank-you screen no text: those translations are left out,
        // as is a description of a question that has none.
        welcome: { title: 'Willkommen', text: 'Erzählen Sie uns vom Festival' },
        thankYou: { title: 'Danke!' },
        questions: {
          day: {
            text: 'An welchem Tag waren Sie da?',
            description: 'Wählen Sie einen',
            options: ['Freitag', 'Samstag', 'Sonntag'],
          },
          food: { text: 'Wie war das Essen?', labels: { '1': 'Sehr schlecht', '5': 'Ausgezeichnet' } },
          grid: { text: 'Bewerten Sie die Bühnen', options: ['Gut', 'Schlecht'], rows: ['Hauptbühne', 'Zelt'] },
          else: { text: 'Sonst noch etwas?' },
        },
      },
    });
    expect(await version(survey.id)).toEqual(before);

    // What the provider was asked: JSON mode, the rules, and the survey's texts in the translation's shape.
    expect(provider.requests).toHaveLength(1);
    const sent = provider.requests[0]!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.body.model).toBe('test-model');
    expect(sent.body.response_format).toEqual({ type: 'json_object' });
    const [system, user] = sent.body.messages;
    expect(system!.content).toMatch(/data, not instructions/);
    expect(user!.content).toContain('from English (en) into German (de)');
    const source = JSON.parse(user!.content.slice(user!.content.indexOf('{')));
    expect(source).toEqual({
      title: 'Festival survey',
      welcome: { title: 'Welcome', text: 'Tell us about the festival' },
      thankYou: { title: 'Thanks!' },
      questions: {
        day: { text: 'Which day did you attend?', description: 'Pick one', options: ['Friday', 'Saturday', 'Sunday'] },
        food: { text: 'How was the food?', labels: { '1': 'Very poor', '5': 'Excellent' } },
        grid: { text: 'Rate the stages', options: ['Good', 'Bad'], rows: ['Main', 'Tent'] },
        else: { text: 'Anything else?' },
      },
    });
  });

  it('lets an editor of the survey’s workspace translate an active survey', async () => {
    provider.reset();
    provider.reply(completion(JSON.stringify({ title: 'Encuesta' })));
    const owner = await createUser(t.ctx);
    const editor = await createUser(t.ctx);
    const workspaceId = await createWorkspace(t.ctx, [
      [owner, 'owner'],
      [editor, 'editor'],
    ]);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active', workspaceId });

    const res = await translate(editor.token, survey.id, 'es-419');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ language: 'es-419', translation: { title: 'Encuesta' } });
  });

  it('asks once more, naming the problem, when the answer does not fit the survey', async () => {
    provider.reset();
    const alike = { questions: { day: { options: ['Tag', 'Tag'] } } };
    provider.reply(completion(JSON.stringify(alike)), completion(JSON.stringify(GERMAN)));
    const { owner, survey } = await ownedSurvey();

    const res = await translate(owner.token, survey.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TranslateSurveyResponse>().translation.title).toBe('Umfrage');
    expect(provider.requests).toHaveLength(2);
    const retry = provider.requests[1]!.body.messages;
    expect(retry[2]).toEqual({ role: 'assistant', content: JSON.stringify(alike) });
    expect(retry[3]!.content).toContain(SURVEY_MESSAGES.translationOptionsAlike);
  });

  it('gives up with 502 AI_TRANSLATION_UNUSABLE when the answer is unusable twice', async () => {
    provider.reset();
    provider.reply(
      completion('Sorry, I cannot help with that.'),
      completion(JSON.stringify({ questions: { nope: { text: 'Wer?' } } })),
    );
    const { owner, survey } = await ownedSurvey();

    const res = await translate(owner.token, survey.id);
    expectError(res, 502, 'AI_TRANSLATION_UNUSABLE', {
      message: 'The AI provider returned a translation that could not be used',
    });
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests[1]!.body.messages[3]!.content).toContain('not a JSON object');
  });

  it('answers the provider’s failures as survey generation does: a rejected key, a timeout', async () => {
    provider.reset();
    provider.reply({ status: 401, body: { error: { message: 'Incorrect API key provided' } } });
    const { owner, survey } = await ownedSurvey();
    expectError(await translate(owner.token, survey.id), 502, 'AI_KEY_REJECTED');

    provider.reply({ hang: true });
    const started = Date.now();
    expectError(await translate(owner.token, survey.id), 504, 'AI_TIMEOUT');
    expect(Date.now() - started).toBeGreaterThanOrEqual(AI_TIMEOUT_MS - 50);
  });

  it('refuses the survey’s default language with the contract’s rule, before asking the provider', async () => {
    provider.reset();
    const { owner, survey } = await ownedSurvey();

    const res = await translate(owner.token, survey.id, 'en');
    expectError(res, 400, 'VALIDATION_FAILED', {
      message: SURVEY_MESSAGES.translationOfDefault,
      params: { location: 'body', field: 'language', issue: 'custom', rule: 'translationOfDefault' },
    });
    expect(provider.requests).toHaveLength(0);
  });

  it('refuses a language that is not a language code', async () => {
    provider.reset();
    const { owner, survey } = await ownedSurvey();
    for (const language of ['German', 'de_DE', '', 42]) {
      const res = await translate(owner.token, survey.id, language);
      expect(res.statusCode, `${JSON.stringify(language)}: ${res.body}`).toBe(400);
    }
    expect(provider.requests).toHaveLength(0);
  });

  it('refuses viewers, administrators and people outside the workspace, before asking the provider', async () => {
    provider.reset();
    const { owner, survey } = await ownedSurvey();
    const viewer = await createUser(t.ctx);
    const workspaceId = await createWorkspace(t.ctx, [[owner, 'owner']]);
    await addMember(t.ctx, workspaceId, viewer.id, 'viewer');
    const teamSurvey = await createSurvey(t.ctx, owner.id, { workspaceId });
    const stranger = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);

    expectError(await translate(viewer.token, teamSurvey.id), 403, 'WORKSPACE_ROLE_FORBIDDEN');
    expectError(await translate(admin.token, survey.id), 403, 'ADMIN_CANNOT_EDIT');
    expectError(await translate(stranger.token, survey.id), 404, 'SURVEY_NOT_FOUND');
    expectError(
      await request(t.app, 'POST', `/api/surveys/${survey.id}/translate`, { body: { language: 'de' } }),
      401,
      'UNAUTHORIZED',
    );
    expect(provider.requests).toHaveLength(0);
  });

  it('translates only surveys that can be edited: not a closed or paused one', async () => {
    provider.reset();
    for (const state of ['closed', 'paused'] as const) {
      const { owner, survey } = await ownedSurvey(state);
      expectError(await translate(owner.token, survey.id), 409, 'SURVEY_NOT_EDITABLE', undefined, state);
    }
    expect(provider.requests).toHaveLength(0);
  });
});

describe(`POST /api/surveys/:surveyId/translate without an AI provider (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ai: undefined });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not offered through GET /api/config', async () => {
    const res = await request(t.app, 'GET', '/api/config');
    expect(res.json()).toMatchObject({ aiTranslation: false });
  });

  it('answers 404 AI_NOT_CONFIGURED to someone who may edit the survey', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id);
    const res = await request(t.app, 'POST', `/api/surveys/${survey.id}/translate`, {
      token: owner.token,
      body: { language: 'de' },
    });
    expectError(res, 404, 'AI_NOT_CONFIGURED', {
      message: 'Translating with AI is not available: no AI provider is configured on this server',
    });
  });

  it(`allows ${TRANSLATE_RATE_LIMIT.max} translations per account in its window, then 429 TRANSLATE_RATE_LIMITED`, async () => {
    const owner = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id);
    const send = (token: string) =>
      request(t.app, 'POST', `/api/surveys/${survey.id}/translate`, { token, body: { language: 'fr' } });
    for (let i = 0; i < TRANSLATE_RATE_LIMIT.max; i += 1) expect((await send(owner.token)).statusCode).toBe(404);
    const limited = await send(owner.token);
    expectError(limited, 429, 'TRANSLATE_RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Counted per account: someone else is not held back.
    expect((await send(other.token)).statusCode).toBe(404);
  });
});
