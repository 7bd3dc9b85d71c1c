import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIVE_POINT_SCALE, LIMITS, TEN_POINT_SCALE, questionTypes, type Survey } from '@quorum/contract';
import { createAdmin, createUser } from '@quorum/test-support/factories';
import { createSurveyDraftGenerator } from '../src/ai/create-generator';
import { chatCompletionsUrl } from '../src/ai/chat-completions';
import { readSurvey } from '../src/ai/openai-compatible-generator';
import { GENERATED_SURVEY_JSON_SCHEMA } from '../src/ai/survey-json-schema';
import { GENERATE_RATE_LIMIT } from '../src/modules/generate/generate.routes';
import { TEST_DIALECT, createTestApp, request, testConfig, useTestApp, type TestApp } from './helpers';
import { expectError } from './support/expect-error';
import { FakeProvider, completion } from './support/fake-ai-provider';

const VALID_ANSWER = {
  title: 'Weekend Jazz Festival Feedback',
  projectName: 'Jazz  Weekend',
  questions: [
    {
      text: 'Which day did you attend?',
      type: 'multiple_choice',
      options: ['Friday', ' Saturday ', 'Sunday', ''],
      ratingScale: null,
    },
    { text: 'How would you rate the food?', type: 'rating', options: [], ratingScale: { min: 1, max: 5 } },
    { text: 'How would you rate the sound?', type: 'rating', options: [], ratingScale: { min: 1, max: 5 } },
    {
      text: 'What did you buy tickets for?',
      type: 'checkbox',
      options: ['Friday', 'Saturday', 'Sunday'],
      ratingScale: null,
    },
    {
      text: 'How likely are you to recommend the festival to a friend?',
      type: 'rating',
      options: [],
      ratingScale: { min: 1, max: 10 },
    },
    { text: 'What could we do better next time?', type: 'text', options: [], ratingScale: null },
  ],
};
const INVALID_ANSWER = { title: '  ', projectName: 'Jazz Weekend', questions: [] };
const IDEA = 'feedback from attendees of a weekend jazz festival about food, sound and tickets';
const AI_TIMEOUT_MS = 600;

async function surveyCount(t: TestApp, ownerId: string): Promise<number> {
  const row = await t.ctx.db.kysely
    .selectFrom('surveys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------
// With an AI provider configured
// ---------------------------------------------------------------------------

describe(`POST /api/surveys/generate with an AI provider (${TEST_DIALECT})`, () => {
  const provider = new FakeProvider();
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await provider.start();
    t = await createTestApp({ ai: { baseUrl, apiKey: 'sk-test-key', model: 'test-model', timeoutMs: AI_TIMEOUT_MS } });
  });
  afterAll(async () => {
    await t?.close();
    await provider.close();
  });

  const generate = async (token: string, prompt = IDEA) =>
    request(t.app, 'POST', '/api/surveys/generate', { token, body: { prompt } });

  it('asks for a strict JSON schema answer and saves the validated, normalised survey as the caller’s draft', async () => {
    provider.reset();
    provider.reply(completion(JSON.stringify(VALID_ANSWER)));
    const user = await createUser(t.ctx);

    const res = await generate(user.token);
    expect(res.statusCode, res.body).toBe(201);
    const survey = res.json<Survey>();
    expect(survey).toMatchObject({
      userId: user.id,
      state: 'draft',
      generator: 'ai',
      title: 'Weekend Jazz Festival Feedback',
      projectName: 'Jazz  Weekend',
      projectId: 'jazz-weekend',
      brandingImageUrl: null,
      responseCount: 0,
    });
    expect(survey.surveyId).toEqual(expect.any(String));
    // Normalised as a hand-made survey is on save: options trimmed and blanks dropped, rating options
    // from the scale, preset labels.
    expect(survey.questions.map((q) => q.type)).toEqual([
      'multiple_choice',
      'rating',
      'rating',
      'checkbox',
      'rating',
      'text',
    ]);
    expect(survey.questions[0]!.options).toEqual(['Friday', 'Saturday', 'Sunday']);
    expect(survey.questions[1]).toMatchObject({ options: ['1', '2', '3', '4', '5'], ratingScale: FIVE_POINT_SCALE });
    expect(survey.questions[4]).toMatchObject({ ratingScale: TEN_POINT_SCALE });
    expect(survey.questions[4]!.options).toHaveLength(10);
    expect(new Set(survey.questions.map((q) => q.id)).size).toBe(6);

    // What the provider was asked.
    expect(provider.requests).toHaveLength(1);
    const sent = provider.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent.body.model).toBe('test-model');
    expect(sent.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'survey', strict: true, schema: GENERATED_SURVEY_JSON_SCHEMA },
    });
    const [system, user_] = sent.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toMatch(/same language as the idea/);
    expect(system!.content).toMatch(/neutral, unbiased/);
    expect(system!.content).toMatch(/4 to 8 questions/);
    expect(user_).toEqual({ role: 'user', content: expect.stringContaining(IDEA) });

    // Stored: the owner reads it back as it was answered.
    const read = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}`, { token: user.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ surveyId: survey.surveyId, generator: 'ai', state: 'draft' });
  });

  it('retries once with the validation problem when the answer does not validate, then saves the valid one', async () => {
    provider.reset();
    provider.reply(completion(JSON.stringify(INVALID_ANSWER)), completion(JSON.stringify(VALID_ANSWER)));
    const user = await createUser(t.ctx);

    const res = await generate(user.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Survey>().questions).toHaveLength(6);
    expect(provider.requests).toHaveLength(2);
    const retry = provider.requests[1]!.body.messages;
    expect(retry).toHaveLength(4);
    expect(retry[2]).toEqual({ role: 'assistant', content: JSON.stringify(INVALID_ANSWER) });
    expect(retry[3]!.role).toBe('user');
    expect(retry[3]!.content).toContain('Survey title is required');
    expect(retry[3]!.content).toContain('At least one question is required');
  });

  it('gives up with a clear 502 when the answer is invalid twice, and saves nothing', async () => {
    provider.reset();
    provider.reply(completion('Sure! Here is a great survey for you.'), completion(JSON.stringify(INVALID_ANSWER)));
    const user = await createUser(t.ctx);

    const res = await generate(user.token);
    expectError(res, 502, 'AI_UNUSABLE', { message: 'The AI provider returned a survey that could not be used' });
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests[1]!.body.messages[3]!.content).toContain('not a JSON object');
    expect(await surveyCount(t, user.id)).toBe(0);
  });

  it('ends a provider that does not answer with a 504 after the configured timeout', async () => {
    provider.reset();
    provider.reply({ hang: true });
    const user = await createUser(t.ctx);

    const started = Date.now();
    const res = await generate(user.token);
    const elapsed = Date.now() - started;
    expectError(res, 504, 'AI_TIMEOUT', { message: 'The AI provider did not answer in time' });
    expect(elapsed).toBeGreaterThanOrEqual(AI_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(AI_TIMEOUT_MS + 2000);
    expect(await surveyCount(t, user.id)).toBe(0);
  });

  it('reports a 401 from the provider as a rejected API key', async () => {
    provider.reset();
    provider.reply({
      status: 401,
      body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
    });
    const user = await createUser(t.ctx);

    const res = await generate(user.token);
    expectError(res, 502, 'AI_KEY_REJECTED', { message: 'The AI provider rejected the API key' });
    expect(res.body).not.toContain('Incorrect API key');
    expect(provider.requests).toHaveLength(1);
  });

  it('passes a 429 from the provider on as a 429 asking to try again shortly', async () => {
    provider.reset();
    provider.reply({
      status: 429,
      headers: { 'retry-after': '20' },
      body: { error: { message: 'Rate limit reached' } },
    });
    const user = await createUser(t.ctx);

    const res = await generate(user.token);
    expectError(res, 429, 'AI_RATE_LIMITED', {
      message: 'The AI provider is rate limiting requests; try again shortly',
      params: { retryAfterSeconds: 20 },
    });
    expect(res.headers['retry-after']).toBe('20');
  });

  it('shows the provider’s refusal', async () => {
    provider.reset();
    provider.reply(completion('', { refusal: 'I’m sorry, I can’t help with that request.' }));
    const user = await createUser(t.ctx);

    const res = await generate(user.token);
    expectError(res, 422, 'AI_REFUSED', {
      message: 'The AI provider declined to write this survey: I’m sorry, I can’t help with that request.',
      params: { reason: 'I’m sorry, I can’t help with that request.' },
    });
    expect(provider.requests).toHaveLength(1);
    expect(await surveyCount(t, user.id)).toBe(0);
  });

  it('falls back to JSON mode when the server refuses json_schema, and keeps using it', async () => {
    provider.reset();
    provider.reply(
      {
        status: 400,
        body: {
          error: {
            message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
          },
        },
      },
      completion(`\`\`\`json\n${JSON.stringify(VALID_ANSWER)}\n\`\`\``),
      completion(`<think>The user wants a survey.</think>${JSON.stringify(VALID_ANSWER)}`),
    );
    const user = await createUser(t.ctx);

    const first = await generate(user.token);
    expect(first.statusCode, first.body).toBe(201);
    expect(provider.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object']);
    expect(provider.requests[1]!.body.messages[0]!.content).toContain('"questions"');

    const second = await generate(user.token, 'another idea: a survey about our coffee shop');
    expect(second.statusCode, second.body).toBe(201);
    expect(provider.requests.map((r) => r.body.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
      'json_object',
    ]);
  });

  it('does not retry a 400 that is not about the answer format', async () => {
    provider.reset();
    provider.reply({ status: 400, body: { error: { message: 'messages: too many tokens' } } });
    const user = await createUser(t.ctx);

    const res = await generate(user.token);
    expectError(res, 502, 'AI_FAILED', {
      message: 'The AI provider failed to answer (HTTP 400)',
      params: { status: 400 },
    });
    expect(provider.requests).toHaveLength(1);
  });

  it('reports a server error of the provider as a 502, never a bare 500', async () => {
    provider.reset();
    provider.reply({ status: 500, body: 'upstream exploded' });
    const user = await createUser(t.ctx);

    const res = await generate(user.token);
    expectError(res, 502, 'AI_FAILED', {
      message: 'The AI provider failed to answer (HTTP 500)',
      params: { status: 500 },
    });
  });

  it('reports a model the provider does not know, an unreadable answer and a blocked idea apart', async () => {
    const user = await createUser(t.ctx);
    provider.reset();
    provider.reply({ status: 404, body: { error: { message: 'The model `x` does not exist' } } });
    const unknownModel = await generate(user.token);
    expectError(unknownModel, 502, 'AI_UNKNOWN_MODEL', {
      message: 'The AI provider does not know the configured model',
    });

    provider.reset();
    provider.reply({ body: { object: 'chat.completion', choices: [] } });
    const unreadable = await generate(user.token);
    expectError(unreadable, 502, 'AI_UNREADABLE', { message: 'The AI provider sent an answer that could not be read' });

    provider.reset();
    provider.reply(completion('', { finish_reason: 'content_filter' }));
    const blocked = await generate(user.token);
    expectError(blocked, 422, 'AI_BLOCKED', {
      message: 'The AI provider declined to write this survey: the idea was blocked by its content filter',
    });
    expect(await surveyCount(t, user.id)).toBe(0);
  });
});

describe(`POST /api/surveys/generate with an unreachable AI provider (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = new FakeProvider();
    const baseUrl = await probe.start();
    await probe.close();
    t = await createTestApp({ ai: { baseUrl, apiKey: undefined, model: 'llama3', timeoutMs: 5000 } });
  });
  afterAll(async () => t?.close());

  it('answers 503 with a clear message', async () => {
    const user = await createUser(t.ctx);
    const res = await request(t.app, 'POST', '/api/surveys/generate', { token: user.token, body: { prompt: IDEA } });
    expectError(res, 503, 'AI_UNREACHABLE', { message: 'The AI provider could not be reached' });
  });
});

// ---------------------------------------------------------------------------
// Without a provider: the built-in generator, and the rules of the endpoint
// ---------------------------------------------------------------------------

describe(`POST /api/surveys/generate with the built-in generator (${TEST_DIALECT})`, () => {
  const t = useTestApp();
  const generate = (token: string | undefined, body: unknown) =>
    request(t.app, 'POST', '/api/surveys/generate', { token, body });

  it('saves a draft owned by the caller, made by the built-in generator, that the owner can list and read', async () => {
    const user = await createUser(t.ctx);
    const res = await generate(user.token, { prompt: `  ${IDEA}  ` });
    expect(res.statusCode, res.body).toBe(201);
    const survey = res.json<Survey>();
    expect(survey).toMatchObject({
      userId: user.id,
      state: 'draft',
      generator: 'builtin',
      title: 'Weekend Jazz Festival Feedback',
      projectName: 'Weekend Jazz Festival',
      projectId: 'weekend-jazz-festival',
    });
    expect(survey.questions.length).toBeGreaterThanOrEqual(4);
    expect(survey.questions.length).toBeLessThanOrEqual(8);
    expect(survey.questions.map((q) => q.text)).toContain('How would you rate the sound?');

    const list = await request(t.app, 'GET', '/api/surveys', { token: user.token });
    expect(list.json<{ surveys: { surveyId: string; generator: string }[] }>().surveys).toEqual([
      expect.objectContaining({ surveyId: survey.surveyId, generator: 'builtin' }),
    ]);
    const read = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}`, { token: user.token });
    expect(read.json<Survey>().questions).toEqual(survey.questions);

    const stranger = await createUser(t.ctx);
    const other = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}`, { token: stranger.token });
    expect(other.statusCode).toBe(404);
  });

  it('trims the idea: the same idea with spaces around gives the same survey', async () => {
    const user = await createUser(t.ctx);
    const a = (await generate(user.token, { prompt: 'Customer satisfaction for my bakery' })).json<Survey>();
    const b = (await generate(user.token, { prompt: '\n  Customer satisfaction for my bakery \t' })).json<Survey>();
    const shape = (s: Survey) => ({
      ...s,
      surveyId: '',
      createdAt: '',
      updatedAt: '',
      questions: s.questions.map((q) => ({ ...q, id: '' })),
    });
    expect(shape(b)).toEqual(shape(a));
  });

  it.each([
    ['missing', {}],
    ['empty', { prompt: '' }],
    ['blank', { prompt: ' \n\t ' }],
    ['not text', { prompt: 42 }],
  ])('refuses a %s idea with 400 and saves nothing', async (_name, body) => {
    const user = await createUser(t.ctx);
    const res = await generate(user.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please describe the survey you want', code: 'VALIDATION_FAILED' });
    expect(await surveyCount(t, user.id)).toBe(0);
  });

  it('accepts an idea of 2,000 characters and refuses one of 2,001', async () => {
    const user = await createUser(t.ctx);
    const ok = await generate(user.token, { prompt: 'event feedback '.repeat(200).slice(0, LIMITS.prompt) });
    expect(ok.statusCode).toBe(201);
    const tooLong = await generate(user.token, { prompt: 'x'.repeat(LIMITS.prompt + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'The idea must be at most 2000 characters' });
    expect(await surveyCount(t, user.id)).toBe(1);
  });

  it('refuses a visitor without a token (401) and an administrator (403), saving nothing', async () => {
    const anonymous = await generate(undefined, { prompt: IDEA });
    expect(anonymous.statusCode).toBe(401);
    const admin = await createAdmin(t.ctx);
    const res = await generate(admin.token, { prompt: IDEA });
    expectError(res, 403, 'ADMIN_CANNOT_CREATE', { message: 'Administrators cannot create surveys' });
    expect(await surveyCount(t, admin.id)).toBe(0);
  });

  it(`limits each user to ${GENERATE_RATE_LIMIT.max} generations per window, without limiting others`, async () => {
    const busy = await createUser(t.ctx);
    for (let i = 0; i < GENERATE_RATE_LIMIT.max; i += 1) {
      const res = await generate(busy.token, { prompt: `idea number ${i} for a hackathon` });
      expect(res.statusCode, `generation ${i + 1}`).toBe(201);
    }
    const limited = await generate(busy.token, { prompt: 'one more idea' });
    expectError(limited, 429, 'GENERATE_RATE_LIMITED', {
      message: 'You have generated many surveys in a short time. Please wait a few minutes and try again.',
      params: { retryAfterSeconds: Number(limited.headers['retry-after']) },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await surveyCount(t, busy.id)).toBe(GENERATE_RATE_LIMIT.max);

    // Someone else, from the same address, is not affected.
    const other = await createUser(t.ctx);
    expect((await generate(other.token, { prompt: 'one more idea' })).statusCode).toBe(201);
  });
});

// ---------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------

describe('AI generation pieces', () => {
  it('picks the built-in generator without a provider and names the provider otherwise', () => {
    const silent = { info() {}, warn() {}, error() {} } as never;
    const builtin = createSurveyDraftGenerator(testConfig(), silent);
    expect(builtin.kind).toBe('builtin');
    expect(builtin.description).toMatch(/built-in generator/);
    const ai = createSurveyDraftGenerator(
      testConfig({}, { AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.1', AI_API_KEY: 'secret-key' }),
      silent,
    );
    expect(ai.kind).toBe('ai');
    expect(ai.description).toBe('AI provider at http://127.0.0.1:11434 with model llama3.1');
    expect(ai.description).not.toContain('secret-key');
  });

  it('takes the 60-second timeout by default, and AI_TIMEOUT_MS when set', () => {
    const env = { AI_BASE_URL: 'https://api.openai.com/v1', AI_MODEL: 'gpt-4o-mini' };
    expect(testConfig({}, env).ai?.timeoutMs).toBe(60_000);
    expect(testConfig({}, { ...env, AI_TIMEOUT_MS: '1500' }).ai?.timeoutMs).toBe(1500);
  });

  it('builds the endpoint from the base URL, keeping a query string (Azure api-version)', () => {
    expect(chatCompletionsUrl('https://api.openai.com/v1').toString()).toBe(
      'https://api.openai.com/v1/chat/completions',
    );
    expect(
      chatCompletionsUrl('https://x.openai.azure.com/openai/deployments/gpt?api-version=2024-10-21').toString(),
    ).toBe('https://x.openai.azure.com/openai/deployments/gpt/chat/completions?api-version=2024-10-21');
  });

  it('has a JSON schema fit for strict structured output that matches the contract', () => {
    // Strict mode: every object closes its properties and requires all of them.
    const objects: Record<string, unknown>[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      if (record.type === 'object') objects.push(record);
      Object.values(record).forEach(walk);
    };
    walk(GENERATED_SURVEY_JSON_SCHEMA);
    // The survey, a question, a rating scale, a number range, a date range, a rule and its condition.
    expect(objects.length).toBe(7);
    for (const object of objects) {
      expect(object.additionalProperties).toBe(false);
      expect([...(object.required as string[])].sort()).toEqual(Object.keys(object.properties as object).sort());
    }
    const question = GENERATED_SURVEY_JSON_SCHEMA.properties.questions.items.properties;
    expect(question.type.enum).toEqual([...questionTypes]);
    expect(question.ratingScale.anyOf[0].properties.max.enum).toEqual([5, 10]);
  });

  it('reads answers wrapped in code fences, reasoning or an outer object, and maps type aliases', () => {
    const wrapped = readSurvey(
      `<think>plan</think>\n\`\`\`json\n${JSON.stringify({
        survey: {
          title: 'T',
          projectName: 'P',
          questions: [
            { text: 'Rate it', type: 'likert', options: [1, 2, 3] },
            { text: 'Pick one', type: 'single_choice', options: ['A', 'B'] },
            { text: 'Comments', type: 'open_text', options: [] },
          ],
        },
      })}\n\`\`\``,
    );
    expect(wrapped.ok).toBe(true);
    if (wrapped.ok) expect(wrapped.value.questions.map((q) => q.type)).toEqual(['rating', 'multiple_choice', 'text']);
    const badScale = readSurvey(
      JSON.stringify({
        title: 'T',
        projectName: 'P',
        questions: [{ text: 'Q', type: 'rating', options: [], ratingScale: { min: 0, max: 7 } }],
      }),
    );
    expect(badScale).toEqual({ ok: false, problem: expect.stringContaining('Rating scales') });
  });
});
