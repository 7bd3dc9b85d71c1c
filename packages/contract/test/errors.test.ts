import { describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  MAX_ACTIVE_SURVEYS,
  errorBodySchema,
  errorCodes,
  errorDetail,
  errorMessage,
  placeholdersOf,
  surveyInputSchema,
  transitionRefusal,
  validationParams,
  type ErrorCode,
  type ErrorParams,
} from '../src';

/** Params for every code whose text has placeholders, as the server sends them. */
const SAMPLE_PARAMS: Partial<Record<ErrorCode, ErrorParams>> = {
  ROUTE_NOT_FOUND: { method: 'GET', path: '/api/nope' },
  API_KEY_SCOPE_MISSING: { scope: 'surveys:write' },
  API_KEY_LIMIT_REACHED: { limit: 20 },
  API_KEY_PASSWORD_REQUIRED: { minutes: 5 },
  WEBHOOK_LIMIT_REACHED: { limit: 10 },
  NOT_READY: { failing: 'database, redis' },
  ACCOUNT_LOCKED: { minutes: 15 },
  ADMIN_ACCOUNT_LOCKED: { minutes: 15 },
  ADMIN_EMAIL_TAKEN: { email: 'root@example.com' },
  INVALID_TRANSITION: { from: 'closed', to: 'active' },
  SURVEY_ALREADY_IN_STATE: { from: 'active', to: 'active' },
  SURVEY_LIMIT_REACHED: { limit: 1000 },
  ANSWER_MISSING: { position: 4 },
  ANSWER_REPEATED: { position: 2 },
  UNKNOWN_QUESTION: { questionId: 'zz' },
  VISIT_PROGRESS_OUT_OF_ORDER: { questionId: 'q3' },
  VISIT_EXPIRED: { hours: 24 },
  ANSWER_INVALID: { position: 3, reason: 'must not be empty' },
  ANSWER_OFF_PATH: { position: 4 },
  SURVEY_NOT_OPEN_YET: { opensAt: '2026-12-01T09:00:00.000Z' },
  HIDDEN_FIELD_UNKNOWN: { key: 'source' },
  LANGUAGE_NOT_OFFERED: { language: 'fr' },
  QUESTION_NOT_FOUND: { questionId: 'zz' },
  FILTER_OPERATOR_INVALID: { operator: 'includes', questionId: 'q1' },
  FILTER_VALUE_MISSING: { operator: 'equals', questionId: 'q1' },
  AI_FAILED: { status: 500 },
  AI_REFUSED: { reason: 'it is against the policy' },
  WORKSPACE_ROLE_FORBIDDEN: { role: 'viewer' },
  WORKSPACE_LIMIT_REACHED: { limit: 50 },
  WORKSPACE_MEMBER_LIMIT: { limit: 100 },
  WORKSPACE_ALREADY_MEMBER: { email: 'ana@example.com' },
  WORKSPACE_SOLE_OWNER: { workspace: 'Research team' },
  INVITATION_EMAIL_MISMATCH: { email: 'ana@example.com' },
};

describe('the error catalog', () => {
  it('names every code in capitals and gives each a text', () => {
    expect(errorCodes.length).toBeGreaterThan(0);
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    for (const code of errorCodes) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(ERROR_MESSAGES[code].trim()).not.toBe('');
    }
  });

  it('fills every placeholder of every text from the params the server sends', () => {
    for (const code of errorCodes) {
      const placeholders = placeholdersOf(ERROR_MESSAGES[code]);
      const params = SAMPLE_PARAMS[code] ?? {};
      if (placeholders.length > 0) expect(SAMPLE_PARAMS[code], code).toBeDefined();
      expect(Object.keys(params), code).toEqual(expect.arrayContaining(placeholders));
      const message = errorMessage(code, params as never);
      expect(message, code).not.toMatch(/[{}]/);
      for (const value of Object.values(params)) {
        if (typeof value === 'string') expect(message, code).toContain(value);
      }
    }
  });

  it('writes the texts word for word', () => {
    expect(errorMessage('ACCOUNT_LOCKED', { minutes: 15 })).toBe(
      'Account locked due to too many failed attempts. Try again in 15 minutes.',
    );
    expect(errorMessage('ADMIN_ACCOUNT_LOCKED', { minutes: 3 })).toBe('Account locked. Try again in 3 minutes.');
    expect(errorMessage('SURVEY_LIMIT_REACHED', { limit: 1000 })).toBe(
      'You have reached the limit of 1,000 surveys. Delete surveys you no longer need to create new ones.',
    );
    expect(errorMessage('ACTIVE_LIMIT_REACHED', { limit: MAX_ACTIVE_SURVEYS })).toBe(
      'Maximum active surveys limit reached',
    );
    expect(errorMessage('ROUTE_NOT_FOUND', { method: 'POST', path: '/api/x' })).toBe('No API route POST /api/x');
    expect(errorMessage('ANSWER_INVALID', { position: 2, reason: 'must be text' })).toBe(
      'The answer to question 2 must be text',
    );
    expect(errorMessage('AI_FAILED', { status: 500 })).toBe('The AI provider failed to answer (HTTP 500)');
  });

  it('puts "a" or "an" before a state where the English needs it', () => {
    expect(errorMessage('INVALID_TRANSITION', { from: 'closed', to: 'active' })).toBe(
      'Cannot change a closed survey to active',
    );
    expect(errorMessage('INVALID_TRANSITION', { from: 'active', to: 'draft' })).toBe(
      'Cannot change an active survey to draft',
    );
    expect(transitionRefusal('active', 'active', 'user')).toEqual({
      code: 'SURVEY_ALREADY_IN_STATE',
      params: { from: 'active', to: 'active' },
      message: 'The survey is already active',
    });
    expect(transitionRefusal('draft', 'active', 'admin').code).toBe('ADMIN_CANNOT_CHANGE_STATE');
  });

  it('leaves params out when there are none', () => {
    expect(errorDetail('UNAUTHORIZED')).toEqual({ code: 'UNAUTHORIZED', message: 'Authentication required' });
    expect(errorDetail('RATE_LIMITED', {})).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please try again later.',
    });
    expect(errorDetail('RATE_LIMITED', { retryAfterSeconds: 30 })).toEqual({
      code: 'RATE_LIMITED',
      params: { retryAfterSeconds: 30 },
      message: 'Too many requests. Please try again later.',
    });
  });

  it('needs the params a text names, at compile time', () => {
    // @ts-expect-error ACCOUNT_LOCKED names {minutes}
    expect(errorMessage('ACCOUNT_LOCKED')).toContain('{minutes}');
    // @ts-expect-error ANSWER_INVALID names {position} and {reason}
    expect(errorMessage('ANSWER_INVALID', { position: 1 })).toContain('{reason}');
    expect(errorMessage('UNAUTHORIZED')).toBe('Authentication required');
  });
});

describe('the error body', () => {
  it('is a message, a code of the catalog, params of names and numbers, and a request id', () => {
    const body = {
      message: 'Account locked. Try again in 3 minutes.',
      code: 'ADMIN_ACCOUNT_LOCKED',
      params: { minutes: 3 },
    };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(errorBodySchema.safeParse({ message: 'x', code: 'INTERNAL', requestId: 'r1' }).success).toBe(true);
    expect(errorBodySchema.safeParse({ message: 'x', code: 'NO_SUCH_CODE' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ message: 'x', code: 'INTERNAL', params: { a: { b: 1 } } }).success).toBe(false);
    expect(errorBodySchema.safeParse({ message: 'x', code: 'INTERNAL', params: { a: true } }).success).toBe(false);
  });
});

describe('validation params', () => {
  const survey = { projectName: 'P', title: 'T', questions: [{ text: 'Q', type: 'text' }] };
  const firstIssue = (input: unknown) => surveyInputSchema.safeParse(input).error!.issues[0]!;

  it("name the field, zod's issue and its numbers", () => {
    const issue = firstIssue({ ...survey, questions: [{ text: 'x'.repeat(1001), type: 'text' }] });
    expect(validationParams(issue, 'body')).toEqual({
      location: 'body',
      field: 'questions.0.text',
      issue: 'too_big',
      maximum: 1000,
      origin: 'string',
    });
    expect(validationParams(firstIssue({ ...survey, questions: 'none' }))).toEqual({
      field: 'questions',
      issue: 'invalid_type',
      expected: 'array',
      rule: 'questionRequired',
    });
  });

  it("name the contract's rule when the message is one of its named messages", () => {
    expect(validationParams(firstIssue({ ...survey, title: '  ' }))).toEqual({
      field: 'title',
      issue: 'too_small',
      minimum: 1,
      origin: 'string',
      rule: 'titleRequired',
    });
    expect(validationParams({ code: 'custom', path: [], message: 'Something else' })).toEqual({
      field: '',
      issue: 'custom',
    });
  });

  it('write lists as names and leave out what is not a name or a finite number', () => {
    const issue = {
      code: 'unrecognized_keys',
      path: ['a', 0],
      message: 'Unrecognized keys',
      keys: ['x', 'y'],
      maximum: Infinity,
      inclusive: true,
    };
    expect(validationParams(issue)).toEqual({ field: 'a.0', issue: 'unrecognized_keys', keys: 'x, y' });
  });
});
