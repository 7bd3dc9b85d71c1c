import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LOGIC_OPERATORS,
  NPS_OPTIONS,
  SURVEY_MESSAGES,
  isRequired,
  questionPath,
  surveyInputSchema,
  type NormalisedSurveyInput,
  type SurveyInput,
} from '@quorum/contract';
import { listen, stopServer } from '@quorum/test-support/ports';
import { composeSurvey } from '../src/ai/builtin';
import { MAX_QUESTIONS } from '../src/ai/builtin/assemble';
import { createOpenAiCompatibleGenerator, readSurvey } from '../src/ai/openai-compatible-generator';
import { GENERATED_SURVEY_JSON_SCHEMA, SYSTEM_PROMPT } from '../src/ai/survey-json-schema';
import { AppError } from '../src/lib/errors';

/** The survey as the contract normalises it on save; fails the test when the contract refuses it. */
function normalised(survey: SurveyInput): NormalisedSurveyInput {
  const parsed = surveyInputSchema.safeParse(survey);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return parsed.data!;
}

// ---------------------------------------------------------------------------
// The built-in generator
// ---------------------------------------------------------------------------

describe('the built-in generator and the question types', () => {
  const IDEAS = [
    'customer survey',
    'net promoter survey for our software',
    'feedback from attendees of a weekend jazz festival about food, sound and tickets',
    'hotel guest survey',
    'restaurant feedback',
    'market research for a new energy drink',
    'website usability feedback',
    'product feedback for our new headphones',
    'employee engagement survey',
    'course evaluation for the spring semester',
  ];

  it.each(IDEAS)('passes the contract with at most eight questions: %s', (idea) => {
    const survey = composeSurvey(idea);
    normalised(survey);
    expect(survey.questions.length).toBeLessThanOrEqual(MAX_QUESTIONS);
  });

  it('asks how likely a respondent is to recommend as a Net Promoter Score (0–10), with no rating scale', () => {
    const survey = normalised(composeSurvey('net promoter survey for our software'));
    const first = survey.questions[0]!;
    expect(first).toMatchObject({
      type: 'nps',
      text: 'How likely are you to recommend our software to a friend or colleague?',
    });
    expect(first.options).toEqual([...NPS_OPTIONS]);
    expect(first).not.toHaveProperty('ratingScale');
  });

  it('keeps a likelihood that is not a recommendation as a 1–10 rating', () => {
    const survey = composeSurvey('market research for a new energy drink');
    const likelihood = survey.questions.find((q) => /how likely/i.test(q.text))!;
    expect(likelihood.type).toBe('rating');
    expect(survey.questions.some((q) => q.type === 'nps')).toBe(false);
  });

  it('rates the usual aspects in one grid when the idea lists none, and the listed ones one by one', () => {
    const grid = composeSurvey('customer survey').questions.find((q) => q.type === 'matrix');
    expect(grid).toMatchObject({
      text: 'How would you rate each of these?',
      options: ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'],
    });
    expect([...(grid!.rows ?? [])].sort()).toEqual(['Customer service', 'Quality', 'Value for money']);
    const listed = composeSurvey('customer survey about delivery speed and packaging');
    expect(listed.questions.some((q) => q.type === 'matrix')).toBe(false);
    const importance = composeSurvey('market research for a new energy drink').questions.find(
      (q) => q.type === 'matrix',
    );
    expect(importance?.options).toEqual([
      'Not at all important',
      'Slightly important',
      'Moderately important',
      'Very important',
      'Extremely important',
    ]);
  });

  it('lets the respondent leave the open question out', () => {
    for (const idea of IDEAS) {
      const open = normalised(composeSurvey(idea)).questions.filter((q) => q.type === 'text');
      expect(open, idea).toHaveLength(1);
      expect(isRequired(open[0]!), idea).toBe(false);
    }
  });

  it('asks for an email address only after the respondent agreed to be contacted: "No" ends the survey', () => {
    const survey = normalised(composeSurvey('net promoter survey for our software'));
    const [consent, email] = survey.questions.slice(-2);
    expect(consent).toMatchObject({
      type: 'multiple_choice',
      text: 'May we contact you about your answers?',
      options: ['Yes', 'No'],
      logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'end' }],
    });
    expect(email).toMatchObject({ type: 'email', description: 'We use it only to reply to your answers.' });
    // The contract's flow: the questions get ids as the server gives them.
    const questions = survey.questions.map((q, i) => ({ ...q, id: `q${i + 1}` }));
    const consentId = questions.at(-2)!.id;
    const emailId = questions.at(-1)!.id;
    expect(questionPath(questions, { [consentId]: 'No' }).map((q) => q.id)).not.toContain(emailId);
    expect(questionPath(questions, { [consentId]: 'Yes' }).map((q) => q.id)).toContain(emailId);
  });

  it('leaves the contact questions out when the idea’s own aspects fill the survey', () => {
    const survey = composeSurvey('customer survey about delivery speed, packaging, prices and the app');
    expect(survey.questions).toHaveLength(MAX_QUESTIONS);
    expect(survey.questions.some((q) => q.type === 'email')).toBe(false);
  });

  it('asks for the day of a visit or event as an optional date, second', () => {
    for (const [idea, text] of [
      [
        'feedback from attendees of a weekend jazz festival about food, sound and tickets',
        'On which day did you attend the weekend jazz festival?',
      ],
      ['restaurant feedback', 'When did you visit the restaurant?'],
    ] as const) {
      const date = normalised(composeSurvey(idea)).questions[1]!;
      expect(date).toMatchObject({ type: 'date', text });
      expect(isRequired(date)).toBe(false);
    }
  });
});

// ---------------------------------------------------------------------------
// The AI generator, against a local OpenAI-compatible server (real HTTP on loopback)
// ---------------------------------------------------------------------------

class FakeProvider {
  readonly bodies: { messages: { role: string; content: string }[]; response_format?: unknown }[] = [];
  private readonly replies: string[] = [];
  private readonly server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      this.bodies.push(JSON.parse(raw));
      const content = this.replies.shift();
      if (content === undefined) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'no reply queued' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
        }),
      );
    });
  });

  start = async () => `http://127.0.0.1:${await listen(this.server)}/v1`;
  reply = (...answers: unknown[]) => this.replies.push(...answers.map((a) => JSON.stringify(a)));
  reset = () => {
    this.bodies.length = 0;
    this.replies.length = 0;
  };
  close = () => stopServer(this.server);
}

/** A question as strict structured output writes it: every property present, null or empty when unused. */
function strictQuestion(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    id: '',
    required: true,
    description: null,
    options: [],
    allowOther: false,
    ratingScale: null,
    numberRange: null,
    dateRange: null,
    rows: [],
    logic: [],
    ...fields,
  };
}

const NEW_TYPES_ANSWER = {
  title: 'Bakery Feedback',
  projectName: 'Corner Bakery',
  questions: [
    strictQuestion({ id: 'q1', text: 'How likely are you to recommend us?', type: 'nps' }),
    strictQuestion({
      id: 'q2',
      text: 'Which bread did you buy?',
      type: 'dropdown',
      options: ['Sourdough', 'Rye', 'Other'],
      allowOther: true,
    }),
    strictQuestion({
      id: 'q3',
      text: 'How many loaves do you buy a week?',
      type: 'number',
      numberRange: { min: 0, max: 50, step: null },
    }),
    strictQuestion({
      id: 'q4',
      text: 'When did you last visit?',
      type: 'date',
      required: false,
      dateRange: { min: null, max: null },
    }),
    strictQuestion({
      id: 'q5',
      text: 'Put these in order of importance',
      type: 'ranking',
      options: ['Taste', 'Price', 'Freshness'],
    }),
    strictQuestion({
      id: 'q6',
      text: 'How satisfied are you with each of these?',
      type: 'matrix',
      options: ['Unsatisfied', 'Neutral', 'Satisfied'],
      rows: ['Bread', 'Cakes'],
    }),
    strictQuestion({
      id: 'q7',
      text: 'May we contact you?',
      type: 'multiple_choice',
      options: ['Yes', 'No'],
      logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'end' }],
    }),
    strictQuestion({
      id: 'q8',
      text: 'Your email address',
      type: 'email',
      required: false,
      description: 'Only to answer you.',
      logic: [{ when: { operator: 'answered', value: null }, goTo: 'end' }],
    }),
  ],
};

describe('the AI generator and the question types', () => {
  const provider = new FakeProvider();
  const silent = { info() {}, warn() {}, error() {} } as never;
  let generator: ReturnType<typeof createOpenAiCompatibleGenerator>;

  beforeAll(async () => {
    const baseUrl = await provider.start();
    generator = createOpenAiCompatibleGenerator({ baseUrl, apiKey: 'k', model: 'test-model', timeoutMs: 2000 }, silent);
  });
  afterAll(() => provider.close());
  beforeEach(() => provider.reset());

  it('asks for every type with the fields each needs, in strict structured output', async () => {
    provider.reply(NEW_TYPES_ANSWER);
    await generator.generate('a bakery survey');
    const format = provider.bodies[0]!.response_format as { json_schema: { schema: unknown } };
    expect(format.json_schema.schema).toEqual(GENERATED_SURVEY_JSON_SCHEMA);
    const question = GENERATED_SURVEY_JSON_SCHEMA.properties.questions.items;
    expect([...question.required].sort()).toEqual(
      [
        'allowOther',
        'dateRange',
        'description',
        'id',
        'logic',
        'numberRange',
        'options',
        'ratingScale',
        'required',
        'rows',
        'text',
        'type',
      ].sort(),
    );
    expect(question.properties.logic.items.properties.when.properties.operator.enum).toEqual([...LOGIC_OPERATORS]);
    for (const type of ['nps', 'number', 'email', 'date', 'dropdown', 'ranking', 'matrix']) {
      expect(SYSTEM_PROMPT).toContain(`"${type}"`);
    }
    expect(SYSTEM_PROMPT).toMatch(/"required" is true unless/);
    expect(SYSTEM_PROMPT).toMatch(/"goTo" is the id of a later question or "end"/);
  });

  it('turns an answer with the new types, optional questions, help text, "Other" and rules into a valid draft', async () => {
    provider.reply(NEW_TYPES_ANSWER);
    const draft = await generator.generate('a bakery survey');
    const survey = normalised(draft);
    expect(survey.questions.map((q) => q.type)).toEqual([
      'nps',
      'dropdown',
      'number',
      'date',
      'ranking',
      'matrix',
      'multiple_choice',
      'email',
    ]);
    expect(survey.questions.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8']);
    // "Other" is offered, not an option; null bounds and empty fields are left out.
    expect(survey.questions[1]).toMatchObject({ options: ['Sourdough', 'Rye'], allowOther: true });
    expect(survey.questions[2]).toMatchObject({ numberRange: { min: 0, max: 50 } });
    expect(survey.questions[3]).not.toHaveProperty('dateRange');
    expect(isRequired(survey.questions[3]!)).toBe(false);
    expect(survey.questions[5]).toMatchObject({ rows: ['Bread', 'Cakes'] });
    expect(survey.questions[6]!.logic).toEqual([{ when: { operator: 'equals', value: 'No' }, goTo: 'end' }]);
    expect(survey.questions[7]).toMatchObject({
      description: 'Only to answer you.',
      logic: [{ when: { operator: 'answered' }, goTo: 'end' }],
    });
    expect(isRequired(survey.questions[0]!)).toBe(true);
    for (const q of survey.questions.slice(0, 3)) expect(q).not.toHaveProperty('description');
  });

  it('asks again with the contract’s message when a rule goes backwards, then uses the corrected survey', async () => {
    const backwards = structuredClone(NEW_TYPES_ANSWER);
    backwards.questions[6]!.logic = [{ when: { operator: 'equals', value: 'No' }, goTo: 'q2' }];
    provider.reply(backwards, NEW_TYPES_ANSWER);
    const draft = await generator.generate('a bakery survey');
    normalised(draft);
    expect(provider.bodies).toHaveLength(2);
    expect(provider.bodies[1]!.messages.at(-1)!.content).toContain(SURVEY_MESSAGES.logicTargetBackwards);
  });

  it('gives up with AI_UNUSABLE when the rules are wrong twice (a rule naming no question)', async () => {
    const dangling = structuredClone(NEW_TYPES_ANSWER);
    dangling.questions[0]!.logic = [{ when: { operator: 'greater_than', value: 8 }, goTo: 'q99' }];
    provider.reply(dangling, dangling);
    const error = await generator.generate('a bakery survey').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 502, code: 'AI_UNUSABLE' });
  });

  it('drops an id that is not a valid id, so a rule naming it is refused with the contract’s message', () => {
    const bad = structuredClone(NEW_TYPES_ANSWER);
    bad.questions[7]!.id = 'end';
    bad.questions[6]!.logic = [{ when: { operator: 'equals', value: 'No' }, goTo: 'end' }];
    const read = readSurvey(JSON.stringify(bad));
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.value.questions[7]).not.toHaveProperty('id');
    const invalidTarget = structuredClone(NEW_TYPES_ANSWER);
    invalidTarget.questions[2]!.id = 'not an id';
    invalidTarget.questions[0]!.logic = [{ when: { operator: 'less_than', value: 7 }, goTo: 'not an id' }];
    expect(readSurvey(JSON.stringify(invalidTarget))).toEqual({
      ok: false,
      problem: expect.stringContaining(SURVEY_MESSAGES.logicTargetMissing),
    });
  });

  it('maps type aliases of the new types', () => {
    const read = readSurvey(
      JSON.stringify({
        title: 'T',
        projectName: 'P',
        questions: [
          { text: 'Recommend?', type: 'net_promoter', options: [] },
          { text: 'Pick', type: 'select', options: ['A', 'B'] },
          { text: 'Order', type: 'rank', options: ['A', 'B'] },
          { text: 'Grid', type: 'grid', options: ['Bad', 'Good'], rows: ['X'] },
          { text: 'How many?', type: 'numeric', options: [] },
        ],
      }),
    );
    expect(read.ok).toBe(true);
    if (read.ok)
      expect(read.value.questions.map((q) => q.type)).toEqual(['nps', 'dropdown', 'ranking', 'matrix', 'number']);
  });
});
