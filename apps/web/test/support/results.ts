import type { QuestionResult, ResponseRow, ResultsResponse } from '@quorum/contract';

/** A question's results: a required text question nobody answered, with any fields replaced. */
export function makeQuestionResult(overrides: Partial<QuestionResult> = {}): QuestionResult {
  return {
    id: 'q1',
    text: 'The question',
    type: 'text',
    isDeleted: false,
    required: true,
    answeredCount: 0,
    seenCount: 0,
    statistics: [],
    ...overrides,
  };
}

/** A response row as the API lists it: no answers, no duration, no flags, with any fields replaced. */
export function makeResponseRow(overrides: Partial<ResponseRow> = {}): ResponseRow {
  return {
    responseId: 'r1',
    submittedAt: '2026-03-01T10:00:00.000Z',
    answers: {},
    durationSeconds: null,
    flags: [],
    language: 'en',
    ...overrides,
  };
}

/** GET …/results as the API answers it: no responses, an empty funnel and timeline, with any fields replaced. */
export function makeResults(overrides: Partial<ResultsResponse> = {}): ResultsResponse {
  return {
    surveyId: 's1',
    projectId: 'p',
    state: 'active',
    title: 'Survey',
    totalResponses: 0,
    matchingResponses: overrides.totalResponses ?? 0,
    timeZone: 'UTC',
    timeline: [],
    funnel: {
      views: 0,
      starts: 0,
      completions: 0,
      completionRate: 0,
      medianCompletionSeconds: null,
      dropOff: [],
    },
    questions: [],
    hiddenFields: [],
    languages: [{ language: 'en', responses: overrides.totalResponses ?? 0 }],
    responses: [],
    nextCursor: null,
    ...overrides,
  };
}
