import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSIGHTS_LIMITS,
  type AnswerValue,
  type InsightsResponse,
  type Question,
  ERROR_MESSAGES,
} from '@quorum/contract';
import { createAdmin, createSurvey, createUser, question } from '@quorum/test-support/factories';
import { listen, stopServer } from '@quorum/test-support/ports';
import { newId } from '../src/lib/ids';
import { recordResponses } from '../src/projections';
import { AI_NAMING_TERMS } from '../src/modules/insights/ai-theme-naming';
import { EXAMPLE_MAX_CHARS, SENTIMENT_THRESHOLD, sentimentOf } from '../src/modules/insights/text-analysis';
import { TEST_DIALECT, createTestApp, useTestApp, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

const text = question.text('What could we do better?', 'q-better');
const choice: Question = {
  id: 'q-heard',
  text: 'Where did you hear of us?',
  type: 'multiple_choice',
  options: ['Friends', 'Radio'],
  allowOther: true,
};
const boxes: Question = {
  id: 'q-liked',
  text: 'What did you like?',
  type: 'checkbox',
  options: ['Price', 'Delivery'],
  allowOther: true,
};
const plainChoice = question.multipleChoice('Which day?', ['Friday', 'Saturday'], 'q-day');
const rating = question.rating('Overall?', undefined, 'q-overall');
const email: Question = { id: 'q-mail', text: 'Your email', type: 'email', options: [], required: false };
const QUESTIONS = [text, choice, boxes, plainChoice, rating, email];

/** Twelve answers about delivery, staff and prices, newest last. */
const TWELVE = [
  'The delivery was late and the box was damaged.',
  'Delivery took two weeks. Delivery should be faster!',
  'Quick delivery, great job',
  'The staff were friendly and helpful.',
  'Friendly staff at the front desk.',
  'Staff ignored me for ten minutes',
  'The price is too high.',
  'Their prices are too high for me',
  'Good prices for the quality',
  'Customer service answered quickly.',
  'I love the customer service',
  'ok',
];

async function record(
  t: TestApp,
  surveyId: string,
  answers: Array<Record<string, AnswerValue>>,
  submittedAt?: (i: number) => string,
) {
  const items = answers.map((a, i) => ({
    id: newId(),
    submittedAt: submittedAt?.(i) ?? t.ctx.clock.now().toISOString(),
    answers: a,
  }));
  // One at a time: ids made in order are in time order, so "newest" is the last given.
  for (const item of items) await recordResponses(t.ctx.db, surveyId, QUESTIONS, [item]);
}

/** A GET from an address of its own: the per-client rate limit never mixes tests. */
function get(t: TestApp, url: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: `10.${randomBytes(3).join('.')}`,
  });
}

const insightsUrl = (surveyId: string, questionId: string, extra = '') =>
  `/api/surveys/${surveyId}/results/insights?questionId=${encodeURIComponent(questionId)}${extra}`;

async function surveyWithAnswers(t: TestApp, answers: Array<Record<string, AnswerValue>>) {
  const owner = await createUser(t.ctx);
  const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions: QUESTIONS });
  await record(t, survey.id, answers);
  return { owner, survey };
}

describe(`text insights (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('finds the themes of text answers: key terms by lemma, counted once per answer, with examples and words', async () => {
    const { owner, survey } = await surveyWithAnswers(
      t,
      TWELVE.map((a) => ({ [text.id]: a })),
    );
    const res = await get(t, insightsUrl(survey.id, text.id), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<InsightsResponse>();
    expect(body).toMatchObject({
      questionId: text.id,
      answerCount: 12,
      sample: { analysed: 12, total: 12, truncated: false },
      source: 'builtin',
    });
    expect(body.themes.map((th) => [th.label, th.count])).toEqual([
      // Delivery: "Delivery … Delivery …" is one answer.
      ['delivery', 3],
      // "price" and "prices" are one key term; the label is the spelling used most.
      ['prices', 3],
      ['staff', 3],
      // A phrase; "customer" alone never comes outside it, so it is no theme of its own.
      ['customer service', 2],
    ]);
    const [delivery, prices, staff, service] = body.themes;
    // Examples: the newest answers first.
    expect(delivery!.examples).toEqual([TWELVE[2], TWELVE[1], TWELVE[0]]);
    expect(delivery!.terms).toEqual(['delivery']);
    expect(prices!.terms).toEqual(['prices', 'price']);
    expect(staff!.terms).toEqual(['staff']);
    expect(service!.terms).toEqual(['customer service']);
    expect(service!.examples).toEqual([TWELVE[10], TWELVE[9]]);
    // Mentioned once ("friendly staff", "front desk") is not a theme.
    expect(body.themes.map((th) => th.label)).not.toContain('friendly staff');
    const { positive, neutral, negative } = body.sentiment;
    expect(positive + neutral + negative).toBe(12);
  });

  it('tells positive, neutral and negative answers apart by the documented thresholds', async () => {
    const answers = [
      'Great, I love it',
      'Wonderful people, excellent food',
      'Terrible and awful',
      'The worst service, horrible',
      'The parcel came on Tuesday',
    ];
    const { owner, survey } = await surveyWithAnswers(
      t,
      answers.map((a) => ({ [text.id]: a })),
    );
    const res = await get(t, insightsUrl(survey.id, text.id), owner.token);
    expect(res.json<InsightsResponse>().sentiment).toEqual({ positive: 2, neutral: 1, negative: 2 });
    expect(sentimentOf(SENTIMENT_THRESHOLD)).toBe('neutral');
    expect(sentimentOf(-SENTIMENT_THRESHOLD)).toBe('neutral');
    expect(sentimentOf(SENTIMENT_THRESHOLD + 0.01)).toBe('positive');
    expect(sentimentOf(-SENTIMENT_THRESHOLD - 0.01)).toBe('negative');
  });

  it('ranks ties alphabetically, keeps at most the theme limit, and cuts long examples', async () => {
    const nouns = ['zebra', 'apple', 'mango', 'lemon', 'cherry', 'banana', 'grape', 'melon', 'peach', 'plum'];
    const more = ['kiwi', 'olive', 'onion', 'carrot'];
    const long = `The apple ${'was crisp and sweet '.repeat(15)}`.trim();
    const answers = [
      ...[...nouns, ...more].flatMap((n) => [`A ${n} please.`, `One more ${n}.`]),
      long,
      long.replace('The apple', 'An apple'),
      long.replace('The apple', 'This apple'),
      long.replace('The apple', 'That apple'),
    ];
    const { owner, survey } = await surveyWithAnswers(
      t,
      answers.map((a) => ({ [text.id]: a })),
    );
    const body = (await get(t, insightsUrl(survey.id, text.id), owner.token)).json<InsightsResponse>();
    expect(body.themes).toHaveLength(INSIGHTS_LIMITS.themes);
    expect(body.themes[0]).toMatchObject({ label: 'apple', count: 6 });
    // The rest all have 2: alphabetical.
    const rest = body.themes.slice(1).map((th) => th.label);
    expect(rest).toEqual([...rest].sort());
    expect(rest[0]).toBe('banana');
    // Short answers first; a long one is cut to EXAMPLE_MAX_CHARS with "…".
    const apple = body.themes[0]!;
    expect(apple.examples).toHaveLength(INSIGHTS_LIMITS.examples);
    expect(apple.examples.slice(0, 2)).toEqual(['One more apple.', 'A apple please.']);
    expect(Array.from(apple.examples[2]!)).toHaveLength(EXAMPLE_MAX_CHARS);
    expect(apple.examples[2]!.endsWith('…')).toBe(true);
  });

  it('reads the "Other" texts of a choice or checkbox question, never its options', async () => {
    const { owner, survey } = await surveyWithAnswers(t, [
      { [choice.id]: 'Friends', [boxes.id]: ['Price', 'Delivery'] },
      { [choice.id]: 'Radio', [boxes.id]: ['Price'] },
      { [choice.id]: 'A podcast about gardening', [boxes.id]: ['Delivery', 'The friendly drivers'] },
      { [choice.id]: 'Another podcast', [boxes.id]: ['The drivers were kind'] },
      { [choice.id]: 'Friends' },
    ]);
    const heard = (await get(t, insightsUrl(survey.id, choice.id), owner.token)).json<InsightsResponse>();
    expect(heard.answerCount).toBe(2);
    expect(heard.themes.map((th) => [th.label, th.count])).toEqual([['podcast', 2]]);
    const liked = (await get(t, insightsUrl(survey.id, boxes.id), owner.token)).json<InsightsResponse>();
    expect(liked.answerCount).toBe(2);
    expect(liked.themes.map((th) => [th.label, th.count])).toEqual([['drivers', 2]]);
    expect(liked.themes[0]!.examples).toEqual(['The drivers were kind', 'The friendly drivers']);
  });

  it('reads only the answers within from and to', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions: QUESTIONS });
    const days = ['2026-03-01T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-03T10:00:00.000Z'];
    await record(
      t,
      survey.id,
      [{ [text.id]: 'Slow delivery' }, { [text.id]: 'Late delivery' }, { [text.id]: 'Rude staff' }],
      (i) => days[i]!,
    );
    const res = await get(t, insightsUrl(survey.id, text.id, '&from=2026-03-02&to=2026-03-03'), owner.token);
    expect(res.json<InsightsResponse>().answerCount).toBe(1);
    const all = await get(t, insightsUrl(survey.id, text.id, '&from=2026-03-01'), owner.token);
    expect(all.json<InsightsResponse>()).toMatchObject({ answerCount: 3, themes: [{ label: 'delivery', count: 2 }] });
  });

  it('answers nothing to read with no themes and no sentiment', async () => {
    const { owner, survey } = await surveyWithAnswers(t, [{ [rating.id]: 4 }]);
    const res = await get(t, insightsUrl(survey.id, text.id), owner.token);
    expect(res.json<InsightsResponse>()).toEqual({
      questionId: text.id,
      answerCount: 0,
      sample: { analysed: 0, total: 0, truncated: false },
      themes: [],
      sentiment: { positive: 0, neutral: 0, negative: 0 },
      source: 'builtin',
    });
  });

  it('refuses a question without free texts (400) and a question the survey never had (404)', async () => {
    const { owner, survey } = await surveyWithAnswers(t, [{ [text.id]: 'Fine' }]);
    for (const q of [plainChoice, rating, email]) {
      const res = await get(t, insightsUrl(survey.id, q.id), owner.token);
      expectError(res, 400, 'INSIGHTS_NOT_AVAILABLE', { message: ERROR_MESSAGES.INSIGHTS_NOT_AVAILABLE }, q.type);
    }
    for (const id of ['nope', 'constructor', '__proto__']) {
      const res = await get(t, insightsUrl(survey.id, id), owner.token);
      expectError(res, 404, 'QUESTION_NOT_FOUND', {
        message: `This survey has no question with id "${id}"`,
        params: { questionId: id },
      });
    }
    expectError(await get(t, insightsUrl(survey.id, ''), owner.token), 400, 'VALIDATION_FAILED');
  });

  it('is for the owner and administrators: another user gets 404, nobody signed in 401', async () => {
    const { survey } = await surveyWithAnswers(t, [{ [text.id]: 'Slow delivery' }, { [text.id]: 'Late delivery' }]);
    const admin = await createAdmin(t.ctx);
    const other = await createUser(t.ctx);
    const asAdmin = await get(t, insightsUrl(survey.id, text.id), admin.token);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<InsightsResponse>().themes[0]).toMatchObject({ label: 'delivery', count: 2 });
    expectError(await get(t, insightsUrl(survey.id, text.id), other.token), 404, 'SURVEY_NOT_FOUND');
    expectError(await get(t, insightsUrl(survey.id, text.id)), 401, 'UNAUTHORIZED');
  });
});

// ---------------------------------------------------------------------------
// Naming themes with an AI provider: a real OpenAI-compatible server on loopback.
// ---------------------------------------------------------------------------

interface Reply {
  status?: number;
  content?: string;
  raw?: string;
  hang?: boolean;
}

class FakeProvider {
  readonly prompts: { system: string; user: string }[] = [];
  private readonly replies: Reply[] = [];
  private readonly server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      this.prompts.push({ system: body.messages[0]!.content, user: body.messages[1]!.content });
      const reply = this.replies.shift() ?? { status: 500, raw: '{"error":{"message":"no reply queued"}}' };
      if (reply.hang) return;
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(
        reply.raw ??
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
          }),
      );
    });
  });

  start(): Promise<number> {
    return listen(this.server);
  }

  reply(...replies: Reply[]): void {
    this.replies.push(...replies);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return stopServer(this.server);
  }
}

describe(`text insights named by an AI provider (${TEST_DIALECT})`, () => {
  const provider = new FakeProvider();
  let t: TestApp;

  beforeAll(async () => {
    const port = await provider.start();
    t = await createTestApp({
      ai: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'test-key', model: 'test-model', timeoutMs: 1_000 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider.close();
  });

  async function ask(answers: string[]) {
    const { owner, survey } = await surveyWithAnswers(
      t,
      answers.map((a) => ({ [text.id]: a })),
    );
    const res = await get(t, insightsUrl(survey.id, text.id), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InsightsResponse>();
  }

  it('sends the key terms with their counts and a few answers, and takes merged, named themes', async () => {
    provider.reply({
      content: JSON.stringify({
        themes: [
          { label: 'Shipping', terms: ['delivery', 'customer service'] },
          { label: 'Team', terms: ['staff'] },
          // Terms that were never sent count for nothing; a theme left without any is dropped.
          { label: 'Made up', terms: ['unicorn'] },
        ],
      }),
    });
    const body = await ask(TWELVE);
    expect(body.source).toBe('ai');
    expect(body.themes.map((th) => [th.label, th.count])).toEqual([
      // delivery (3) and customer service (2): five answers.
      ['Shipping', 5],
      ['Team', 3],
    ]);
    expect(body.themes[0]!.terms).toEqual(['delivery', 'customer service']);
    expect(body.themes[0]!.examples).toEqual([TWELVE[10], TWELVE[9], TWELVE[2]]);
    // The sentiment is the built-in reading, whoever names the themes.
    expect(body.sentiment.positive + body.sentiment.neutral + body.sentiment.negative).toBe(12);
    const prompt = provider.prompts.at(-1)!;
    expect(prompt.user).toContain('- delivery (3)');
    expect(prompt.user).toContain('- customer service (2)');
    expect(prompt.user).toContain(JSON.stringify(TWELVE[2]));
    expect(prompt.system).toContain('"themes"');
  });

  it('asks once for the same answers: the naming is kept', async () => {
    const answers = ['Slow delivery', 'Late delivery', 'Rude staff', 'Kind staff'];
    provider.reply({ content: '```json\n{"themes":[{"label":"Logistics","terms":["delivery"]}]}\n```' });
    const first = await ask(answers);
    const asked = provider.prompts.length;
    const second = await ask(answers);
    expect(provider.prompts.length).toBe(asked);
    expect(second.themes).toEqual(first.themes);
    expect(first.themes).toEqual([
      { label: 'Logistics', count: 2, examples: ['Late delivery', 'Slow delivery'], terms: ['delivery'] },
    ]);
  });

  it('falls back to the built-in themes when the provider fails, answers nonsense or does not answer in time', async () => {
    const answers = ['Slow delivery here', 'Late delivery there'];
    const builtin = [
      { label: 'delivery', count: 2, examples: ['Late delivery there', 'Slow delivery here'], terms: ['delivery'] },
    ];
    for (const reply of [
      { status: 500, raw: '{"error":{"message":"boom"}}' },
      { raw: 'not json at all' },
      { content: 'Here are your themes: delivery!' },
      { content: JSON.stringify({ themes: [{ label: '', terms: [] }] }) },
      { content: JSON.stringify({ themes: [{ label: 'Other things', terms: ['nothing we sent'] }] }) },
      { hang: true },
    ] satisfies Reply[]) {
      provider.reply(reply);
      // Each case with answers of its own, so no naming is kept from before.
      answers.push(`${answers.length} more`);
      const body = await ask(answers);
      expect(body.source, JSON.stringify(reply)).toBe('builtin');
      expect(body.themes, JSON.stringify(reply)).toEqual(builtin);
    }
  });

  it(`sends at most ${AI_NAMING_TERMS} key terms and never asks without any`, async () => {
    const before = provider.prompts.length;
    const none = await ask(['ok', 'fine']);
    expect(none).toMatchObject({ source: 'builtin', themes: [] });
    expect(provider.prompts.length).toBe(before);

    const words = Array.from(
      { length: AI_NAMING_TERMS + 5 },
      (_, i) => `gadget${String.fromCharCode(97 + (i % 26))}${i}`,
    );
    provider.reply({ content: '{"themes":[{"label":"Gadgets","terms":["nothing"]}]}' });
    await ask(words.flatMap((w) => [`The ${w} broke.`, `My ${w} works.`]));
    const sent = provider.prompts
      .at(-1)!
      .user.split('\n')
      .filter((line) => /^- [^"]+ \(\d+\)$/.test(line));
    expect(sent).toHaveLength(AI_NAMING_TERMS);
  });
});
