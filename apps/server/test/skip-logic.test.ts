import { describe, expect, it } from 'vitest';
import { SURVEY_MESSAGES, type AnswerValue, type QuestionResult, type Survey } from '@quorum/contract';
import { createUser } from '@quorum/test-support/factories';
import { TEST_DIALECT, request, useTestApp, type TestApp } from './helpers';
import { counterProblems } from './support/data-checks';
import { launchSurveyViaApi } from './support/launch-survey';
import { expectError } from './support/expect-error';

/**
 * q1 "No" ends the survey; q3 is optional; q4 below 7 skips q5 and goes to q6; q6 is optional.
 */
const authored = [
  {
    id: 'q1',
    text: 'Did you come?',
    type: 'multiple_choice',
    options: ['Yes', 'No'],
    logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'end' }],
  },
  { id: 'q2', text: 'Which stage?', type: 'text' },
  { id: 'q3', text: 'How was the food?', type: 'rating', required: false },
  {
    id: 'q4',
    text: 'Recommend us?',
    type: 'nps',
    logic: [{ when: { operator: 'less_than', value: '7' }, goTo: 'q6' }],
  },
  { id: 'q5', text: 'What did you love?', type: 'text' },
  { id: 'q6', text: 'Anything else?', type: 'text', required: false },
];

const activeSurvey = (t: TestApp) => launchSurveyViaApi(t, 'Paths', authored);

const submit = (t: TestApp, surveyId: string, values: Record<string, AnswerValue>) =>
  request(t.app, 'POST', `/api/surveys/${surveyId}/responses`, {
    body: { answers: Object.entries(values).map(([questionId, answer]) => ({ questionId, answer })) },
  });

async function everything(t: TestApp, surveyId: string) {
  const db = t.ctx.db.kysely;
  return {
    survey: await db.selectFrom('surveys').select('response_count').where('id', '=', surveyId).execute(),
    responses: await db.selectFrom('responses').select('answers').where('survey_id', '=', surveyId).execute(),
    counts: await db
      .selectFrom('answer_counts')
      .selectAll()
      .where('survey_id', '=', surveyId)
      .orderBy('answer')
      .execute(),
    totals: await db
      .selectFrom('question_totals')
      .selectAll()
      .where('survey_id', '=', surveyId)
      .orderBy('question_id')
      .execute(),
  };
}

describe(`skip logic and optional questions (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('stores the rules with numbers for numeric questions and serves them to the runner', async () => {
    const { survey } = await activeSurvey(t);
    expect(survey.questions.map((q) => q.logic)).toEqual([
      [{ when: { operator: 'equals', value: 'No' }, goTo: 'end' }],
      undefined,
      undefined,
      [{ when: { operator: 'less_than', value: 7 }, goTo: 'q6' }],
      undefined,
      undefined,
    ]);
    const page = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/public`);
    expect(page.json().questions).toEqual(survey.questions);
  });

  it('takes the answers of each path: every required question on it answered, optional ones skipped', async () => {
    const { owner, survey } = await activeSurvey(t);
    const paths: Array<Record<string, AnswerValue>> = [
      { q1: 'No' },
      { q1: 'Yes', q2: 'Main', q4: 9, q5: 'Music' },
      { q1: 'Yes', q2: 'Tent', q3: 4, q4: 3, q6: 'More food' },
      { q1: 'Yes', q2: 'Club', q3: 2, q4: 8, q5: 'Dancing', q6: 'Thanks' },
    ];
    for (const values of paths) {
      const res = await submit(t, survey.surveyId, values);
      expect(res.statusCode, `${JSON.stringify(values)}: ${res.body}`).toBe(201);
    }
    const res = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/results`, { token: owner.token });
    const results = res.json<{ totalResponses: number; questions: QuestionResult[] }>();
    expect(results.totalResponses).toBe(4);
    // Answered by n of m who saw it: q1 by all; q2 to q4 by the three who came; q5 and q6 as their paths went.
    expect(results.questions.map((q) => [q.id, q.required, q.answeredCount, q.seenCount])).toEqual([
      ['q1', true, 4, 4],
      ['q2', true, 3, 3],
      ['q3', false, 2, 3],
      ['q4', true, 3, 3],
      ['q5', true, 2, 2],
      ['q6', false, 2, 3],
    ]);
    expect(results.questions[2]!.statistics.find((s) => s.answer === '4')).toEqual({
      answer: '4',
      count: 1,
      percentage: 50,
    });
    expect(await counterProblems(t.ctx.db)).toEqual([]);

    // Not on the path, not in the file: cells of skipped and unseen questions are empty.
    const csv = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/results.csv`, { token: owner.token });
    const records = csv.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',').slice(2));
    expect(records).toEqual([
      ['No', '', '', '', '', ''],
      ['Yes', 'Main', '', '9', 'Music', ''],
      ['Yes', 'Tent', '4', '3', '', 'More food'],
      ['Yes', 'Club', '2', '8', 'Dancing', 'Thanks'],
    ]);
  });

  it('refuses an answer off the path, a required question on it left out, and an invalid one; storing nothing', async () => {
    const { survey } = await activeSurvey(t);
    const before = await everything(t, survey.surveyId);
    const cases: Array<[Record<string, AnswerValue>, string, number]> = [
      // "No" ends the survey: q2 is not on the path.
      [{ q1: 'No', q2: 'Main' }, 'ANSWER_OFF_PATH', 2],
      // Below 7 goes to q6: q5 is not on the path.
      [{ q1: 'Yes', q2: 'Main', q4: 3, q5: 'Music' }, 'ANSWER_OFF_PATH', 5],
      [{ q1: 'Yes', q4: 9, q5: 'Music' }, 'ANSWER_MISSING', 2],
      [{ q1: 'Yes', q2: 'Main', q4: 9 }, 'ANSWER_MISSING', 5],
      [{ q1: 'Yes', q2: 'Main', q3: 9, q4: 9, q5: 'Music' }, 'ANSWER_INVALID', 3],
    ];
    for (const [values, code, position] of cases) {
      const res = await submit(t, survey.surveyId, values);
      expectError(res, 400, code, undefined, JSON.stringify(values));
      expect(res.json().params.position).toBe(position);
    }
    expect(await everything(t, survey.surveyId)).toEqual(before);
    expect(before.responses).toEqual([]);
  });

  const refusals: Array<[string, unknown[], string]> = [
    [
      'a rule that goes backwards',
      [
        { id: 'a', text: 'A', type: 'text' },
        { id: 'b', text: 'B', type: 'text', logic: [{ when: { operator: 'answered' }, goTo: 'a' }] },
      ],
      SURVEY_MESSAGES.logicTargetBackwards,
    ],
    [
      'a rule to a question that does not exist',
      [
        { id: 'a', text: 'A', type: 'text', logic: [{ when: { operator: 'answered' }, goTo: 'nowhere' }] },
        { id: 'b', text: 'B', type: 'text' },
      ],
      SURVEY_MESSAGES.logicTargetMissing,
    ],
    [
      'a condition that does not fit the type',
      [
        {
          id: 'a',
          text: 'A',
          type: 'multiple_choice',
          options: ['X', 'Y'],
          logic: [{ when: { operator: 'greater_than', value: 3 }, goTo: 'end' }],
        },
        { id: 'b', text: 'B', type: 'text' },
      ],
      SURVEY_MESSAGES.logicOperatorNotForType,
    ],
    [
      'a value that is not an option',
      [
        {
          id: 'a',
          text: 'A',
          type: 'dropdown',
          options: ['X', 'Y'],
          logic: [{ when: { operator: 'equals', value: 'Z' }, goTo: 'end' }],
        },
      ],
      SURVEY_MESSAGES.logicValueNotAnOption,
    ],
    [
      '"skipped" on a required question',
      [{ id: 'a', text: 'A', type: 'text', logic: [{ when: { operator: 'skipped' }, goTo: 'end' }] }],
      SURVEY_MESSAGES.logicSkippedRequired,
    ],
  ];
  it.each(refusals)(
    'refuses %s on create and on update, with its message, changing nothing',
    async (_name, questions, message) => {
      const owner = await createUser(t.ctx);
      const body = { projectName: 'Festival', title: 'Bad logic', questions };
      const created = await request(t.app, 'POST', '/api/surveys', { token: owner.token, body });
      expectError(created, 400, 'VALIDATION_FAILED');
      expect(created.json().message).toBe(message);
      expect(
        await t.ctx.db.kysely.selectFrom('surveys').select('id').where('user_id', '=', owner.id).execute(),
      ).toEqual([]);

      const { owner: author, survey } = await activeSurvey(t);
      const updated = await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, { token: author.token, body });
      expectError(updated, 400, 'VALIDATION_FAILED');
      expect(updated.json().message).toBe(message);
      const read = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}`, { token: author.token });
      expect(read.json<Survey>().questions).toEqual(survey.questions);
    },
  );

  it('keeps a rule pointing at a question that an edit stores under a new id', async () => {
    const { owner, survey } = await activeSurvey(t);
    // q6 is answered, then turned from text into a rating: its answers keep their meaning only under a new id.
    const done = { q1: 'Yes', q2: 'Main', q4: 3, q6: 'Fine' };
    expect((await submit(t, survey.surveyId, done)).statusCode).toBe(201);
    const questions = authored.map((q) => (q.id === 'q6' ? { ...q, type: 'rating' } : q));
    const updated = await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
      token: owner.token,
      body: { projectName: 'Festival', title: 'Paths', questions },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const stored = updated.json<Survey>();
    const renamed = stored.questions[5]!;
    expect(renamed.id).not.toBe('q6');
    expect(renamed.type).toBe('rating');
    expect(stored.questions[3]!.logic).toEqual([{ when: { operator: 'less_than', value: 7 }, goTo: renamed.id }]);
    // The path still skips q5 for a low score.
    const res = await submit(t, survey.surveyId, { q1: 'Yes', q2: 'Main', q4: 2, [renamed.id]: 4 });
    expect(res.statusCode, res.body).toBe(201);
  });
});
