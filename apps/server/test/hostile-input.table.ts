/**
 * The hostile-input table: one entry per `/api` route. `hostile-input.test.ts` sends each route wrong
 * types, missing and extra fields, huge and deeply nested values, prototype keys, unicode edge cases,
 * invalid UTF-8 and wrong content types, in its params, query string and body, and checks that every
 * refusal is a 4xx `{ message, code }` that leaves the database as it was, that nothing answers 5xx, and
 * that a 2xx only ever answers what the route's contract schemas accept.
 *
 * Adding a route: add one entry below with its method and path as registered (`/api/surveys/:surveyId`),
 * the same contract schemas the route declares for `params`, `query` and `body` (imported from
 * `@quorum/contract`), and the `caller` that may use it ('anonymous' for public routes, else 'user' or
 * 'admin'; a user caller owns the fixture survey, in `surveyState`). Give `valid` a request the route
 * accepts, so that mutations of it reach the deep corners of the schema (a `:surveyId` param is filled in
 * from the fixture by itself). The suite fails while a registered route has no entry.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { ZodType } from 'zod';
import {
  apiKeyParamsSchema,
  createApiKeyBodySchema,
  apiDocsAssetParamsSchema,
  auditCsvQuerySchema,
  auditFilterQuerySchema,
  auditPageQuerySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  forgotPasswordBodySchema,
  exportLinkBodySchema,
  exportQuerySchema,
  resultsQuerySchema,
  generateSurveyBodySchema,
  translateSurveyBodySchema,
  imageCheckBodySchema,
  insightsQuerySchema,
  loginBodySchema,
  loginTwoFactorBodySchema,
  registerBodySchema,
  resendVerificationBodySchema,
  ssoCallbackQuerySchema,
  ssoExchangeBodySchema,
  resetPasswordBodySchema,
  shareResultsBodySchema,
  sharedResultsParamsSchema,
  sharedResultsQuerySchema,
  responseIdParamsSchema,
  responsesPageQuerySchema,
  stateChangeBodySchema,
  submitResponseBodySchema,
  surveyIdParamsSchema,
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  surveyInputSchema,
  surveyListQuerySchema,
  updateProfileBodySchema,
  verifyEmailParamsSchema,
  visitParamsSchema,
  visitProgressBodySchema,
  createWebhookBodySchema,
  deliveryParamsSchema,
  updateWebhookBodySchema,
  webhookParamsSchema,
  NPS_OPTIONS,
  unsubscribeQuerySchema,
  unsubscribeRequestBodySchema,
  createInvitationBodySchema,
  invitationTokenParamsSchema,
  updateMemberBodySchema,
  workspaceBodySchema,
  workspaceIdParamsSchema,
  workspaceInvitationParamsSchema,
  workspaceMemberParamsSchema,
  publicSurveyQuerySchema,
  type AnswerValue,
  type Question,
  type SurveyState,
  type SurveyTranslation,
  type SurveyTranslations,
} from '@quorum/contract';
import { DEFAULT_PASSWORD, uniqueEmail, type CreatedAccount, type CreatedSurvey } from '@quorum/test-support/factories';
import type { AppContext } from '../src/context';
import type { ValidRequest } from './hostile/requests';
import { createUnsubscribeTokens } from '../src/modules/notifications/unsubscribe-token';
import { testConfig } from './helpers';

export type HostileCaller = 'anonymous' | 'user' | 'admin';

export interface HostileFixture {
  /** Signed in as 'user'; owns `survey`. */
  user: CreatedAccount;
  admin: CreatedAccount;
  survey: CreatedSurvey;
}

export interface HostileRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As registered, e.g. `/api/surveys/:surveyId`. */
  route: string;
  caller: HostileCaller;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** A request the route accepts; hostile cases are made by spoiling it. */
  valid?: (f: HostileFixture) => ValidRequest;
  /** The state of the fixture survey (default draft). */
  surveyState?: SurveyState;
  /** The answer is an event stream: sent over real HTTP, only its status line awaited. */
  stream?: boolean;
  /**
   * Tables a request that the contract accepts may still write when it is refused, and why: failed sign-ins
   * are counted for the lockout. A request the contract refuses never writes anything.
   */
  refusalWrites?: readonly string[];
  /** More checks after a 2xx. */
  accepted?: (ctx: AppContext, f: HostileFixture, res: LightMyRequestResponse) => Promise<void>;
}

/**
 * The fixture survey's questions: ids and options that are prototype words, text with direction overrides,
 * zero-width characters and emoji, one question of each type.
 */
export function hostileQuestions(): Question[] {
  return [
    {
      id: '__proto__',
      text: 'Which \u202Eevil\u202C days?',
      type: 'checkbox',
      options: ['__proto__', 'constructor', '👩‍👩‍👧‍👦'],
    },
    { id: 'constructor', text: 'Anything\u200B else?', type: 'text', options: [] },
    { id: 'prototype', text: 'Pick one', type: 'multiple_choice', options: ['toString', 'a\u0000b', '=1+1'] },
    {
      id: 'rating-1',
      text: 'How was it? 🎉',
      type: 'rating',
      options: ['1', '2', '3', '4', '5'],
      ratingScale: { min: 1, max: 5, labels: { '1': 'Very Poor', '5': 'Excellent' } },
    },
    { id: 'valueOf', text: 'Recommend? 🎉', type: 'nps', options: [...NPS_OPTIONS], description: 'Help\u200B' },
    { id: 'hasOwnProperty', text: 'How many?', type: 'number', options: [], numberRange: { min: -1, step: 0.5 } },
    { id: 'toString', text: 'Mail\u202E', type: 'email', options: [], required: false },
    { id: 'date-1', text: 'When?', type: 'date', options: [], dateRange: { max: '2026-12-31' } },
    { id: 'isPrototypeOf', text: 'Where?', type: 'dropdown', options: ['__proto__', 'toString'], allowOther: true },
    { id: 'rank-1', text: 'Order', type: 'ranking', options: ['constructor', '__proto__', '👩‍👩‍👧‍👦'] },
    { id: 'grid-1', text: 'Grid', type: 'matrix', options: ['__proto__', '=1+1'], rows: ['constructor', 'Sound'] },
  ];
}

/**
 * The fixture survey's German: the prototype-word questions' texts (their options stay as they are, so the answers
 * below are German answers too), and a rating label.
 */
export function hostileTranslations(): SurveyTranslations {
  const questions = Object.create(null) as NonNullable<SurveyTranslation['questions']>;
  questions['__proto__'] = { text: 'Welche \u202Ebösen\u202C Tage?' };
  questions['constructor'] = { text: 'Sonst\u200B noch etwas?' };
  questions['rating-1'] = { labels: { '1': 'Sehr schlecht' } };
  return { de: { title: 'Umfrage 🎉', questions } };
}

/** A valid answer to every fixture question. */
const answersFor = (f: HostileFixture) =>
  f.survey.questions.map((q): { questionId: string; answer: AnswerValue } => {
    switch (q.type) {
      case 'checkbox':
        return { questionId: q.id, answer: [q.options[0]!, q.options[2]!] };
      case 'text':
        return { questionId: q.id, answer: ' Fine\u200B ' };
      case 'rating':
        return { questionId: q.id, answer: 4 };
      case 'nps':
        return { questionId: q.id, answer: 10 };
      case 'number':
        return { questionId: q.id, answer: '-0.5' };
      case 'email':
        return { questionId: q.id, answer: ' zoë@example.com ' };
      case 'date':
        return { questionId: q.id, answer: '2026-02-28' };
      case 'ranking':
        return { questionId: q.id, answer: [...q.options].reverse() };
      case 'matrix':
        return { questionId: q.id, answer: q.rows.map(() => q.options[0]!) };
      case 'dropdown':
        // "Other": a text of the respondent's own.
        return { questionId: q.id, answer: ' Elsewhere\u200B 🎉 ' };
      default:
        // A prototype word ("toString"): the option beside it holds a NUL character, which no body may carry.
        return { questionId: q.id, answer: q.options[0]! };
    }
  });

/** A results filter that fits the fixture survey: prototype-word ids and options, a comparison, a date range. */
const resultsFilterConditions = (f: HostileFixture) => [
  { questionId: f.survey.questions[0]!.id, operator: 'includes', value: '__proto__' },
  { questionId: 'rating-1', operator: 'greater_than', value: 2 },
  { language: 'de' },
];
const resultsFilterBody = (f: HostileFixture) => ({
  from: '2020-01-01',
  to: '2100-01-01T00:00:00+02:00',
  filters: resultsFilterConditions(f),
  hideFlagged: true,
});
const resultsFilterQuery = (f: HostileFixture) => ({
  from: '2020-01-01',
  to: '2100-01-01T00:00:00+02:00',
  filters: JSON.stringify(resultsFilterConditions(f)),
  hideFlagged: 'true',
});

const surveyBody = {
  projectName: 'Hostile prøject 🎉 مشروع',
  title: 'Survey\u200B title =1+1',
  brandingImageUrl: 'https://example.com/logo.png',
  questions: [
    { id: 'q-choose', text: 'Choose', type: 'checkbox', options: ['constructor', 'prototype', '__proto__'] },
    {
      id: 'q_rate',
      text: 'Rate',
      type: 'rating',
      ratingScale: { min: 1, max: 10, labels: { '1': 'Low', '10': 'High' } },
    },
    { text: 'Say', type: 'text' },
    { id: null, text: 'One', type: 'multiple_choice', options: ['a', 'b'] },
    {
      id: 'q-nps',
      text: 'Recommend?',
      type: 'nps',
      required: false,
      description: 'Help \u202Etext\u202C 🎉',
      logic: [
        { when: { operator: 'less_than', value: 7 }, goTo: 'q-grid' },
        { when: { operator: 'skipped' }, goTo: 'end' },
      ],
    },
    { id: 'q-num', text: 'How many?', type: 'number', numberRange: { min: -1, max: 10, step: 0.5 } },
    { text: 'When?', type: 'date', dateRange: { min: '2026-01-01', max: '2026-12-31' } },
    { text: 'Where?', type: 'dropdown', options: ['constructor', 'b'], allowOther: true, randomizeOptions: true },
    { text: 'Order', type: 'ranking', options: ['__proto__', 'b'], randomizeOptions: true },
    { id: 'q-grid', text: 'Grid', type: 'matrix', options: ['Bad', 'Good'], rows: ['__proto__', 'Sound'] },
    { text: 'Mail', type: 'email', required: false },
  ],
  defaultLanguage: 'en',
  // Translations keyed by language, then by question id (prototype words among them): every part of them spoiled.
  translations: {
    de: {
      title: 'Umfrage\u200B 🎉',
      welcome: { title: 'Willkommen', text: null },
      thankYou: { text: 'Danke \u202E' },
      questions: {
        'q-choose': { text: 'Wählen', options: ['Konstruktor', '', 'Proto'] },
        q_rate: { labels: { '1': 'Niedrig', '10': 'Hoch' } },
        'q-grid': { options: ['Schlecht'], rows: [null, 'Klang'] },
      },
    },
    'pt-BR': { title: 'Pesquisa' },
  },
};

/** A submission's stored answers must hold every question, prototype words included. */
async function storedAnswersCoverEveryQuestion(ctx: AppContext, f: HostileFixture, res: LightMyRequestResponse) {
  const { responseId } = res.json<{ responseId: string }>();
  const row = await ctx.db.kysely
    .selectFrom('responses')
    .select('answers')
    .where('id', '=', responseId)
    .executeTakeFirst();
  const stored = Object.keys(JSON.parse(row?.answers ?? '{}') as object).sort();
  const expected = f.survey.questions.map((q) => q.id).sort();
  if (JSON.stringify(stored) !== JSON.stringify(expected)) {
    throw new Error(
      `stored answers lost questions: stored keys ${JSON.stringify(stored)}, questions ${JSON.stringify(expected)}`,
    );
  }
}

const login = (account: 'user' | 'admin') => (f: HostileFixture) => ({
  body: { email: f[account].email, password: f[account].password, recaptchaToken: '' },
});
const registration = () => ({
  body: {
    name: 'Zoë Ω 👩‍💻',
    email: uniqueEmail('hostile'),
    password: DEFAULT_PASSWORD,
    confirmPassword: DEFAULT_PASSWORD,
  },
});
const passwordChange = () => ({ body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another-Passw0rd!' } });
/** A failed sign-in is counted for the lockout and written to the audit log. */
const failedSignIns = ['login_attempts', 'audit_log'] as const;
const secondStep = (account: 'user' | 'admin') => (f: HostileFixture) => ({
  body: { mfaToken: f[account].token, code: '123456' },
});

// One line per route: kept as written, not wrapped by the formatter.
// prettier-ignore
export const HOSTILE_ROUTES: HostileRoute[] = [
  // Foundation
  { method: 'GET', route: '/api/health', caller: 'anonymous' },
  { method: 'GET', route: '/api/health/live', caller: 'anonymous' },
  { method: 'GET', route: '/api/health/ready', caller: 'anonymous' },
  { method: 'GET', route: '/api/config', caller: 'anonymous' },

  // Accounts
  { method: 'POST', route: '/api/user/auth/register', caller: 'anonymous', body: registerBodySchema, valid: registration },
  { method: 'POST', route: '/api/user/auth/resend-verification', caller: 'anonymous', body: resendVerificationBodySchema, valid: (f) => ({ body: { email: f.user.email } }) },
  { method: 'GET', route: '/api/user/auth/verify-email/:token', caller: 'anonymous', params: verifyEmailParamsSchema, valid: () => ({ params: { token: 'not-a-real-token' } }) },
  { method: 'POST', route: '/api/user/auth/login', caller: 'anonymous', body: loginBodySchema, valid: login('user'), refusalWrites: failedSignIns },
  { method: 'GET', route: '/api/user/auth/verify-user-token', caller: 'user' },
  { method: 'PUT', route: '/api/user/auth/update-profile', caller: 'user', body: updateProfileBodySchema, valid: () => ({ body: { name: 'Renamed 👩‍💻 Ünïcode' } }) },
  { method: 'PUT', route: '/api/user/auth/change-password', caller: 'user', body: changePasswordBodySchema, valid: passwordChange },
  { method: 'POST', route: '/api/user/auth/forgot-password', caller: 'anonymous', body: forgotPasswordBodySchema, valid: (f) => ({ body: { email: f.user.email, recaptchaToken: '' } }) },
  { method: 'POST', route: '/api/user/auth/reset-password', caller: 'anonymous', body: resetPasswordBodySchema, valid: () => ({ body: { token: 'not-a-real-token', password: 'Another-Passw0rd!', confirmPassword: 'Another-Passw0rd!' } }) },
  { method: 'POST', route: '/api/user/auth/logout', caller: 'user' },
  { method: 'POST', route: '/api/user/auth/logout-all', caller: 'user' },

  // Administrators
  { method: 'POST', route: '/api/admin/auth/login', caller: 'anonymous', body: loginBodySchema, valid: login('admin'), refusalWrites: failedSignIns },
  { method: 'GET', route: '/api/admin/auth/verify-admin-token', caller: 'admin' },
  { method: 'PUT', route: '/api/admin/auth/update-profile', caller: 'admin', body: updateProfileBodySchema, valid: () => ({ body: { name: 'Admin Ω' } }) },
  { method: 'PUT', route: '/api/admin/auth/change-password', caller: 'admin', body: changePasswordBodySchema, valid: passwordChange },
  { method: 'POST', route: '/api/admin/auth/logout', caller: 'admin' },
  { method: 'POST', route: '/api/admin/auth/logout-all', caller: 'admin' },

  // Single sign-on (off in this app: every route answers 404 SSO_DISABLED; sso.test.ts covers it on)
  { method: 'GET', route: '/api/user/auth/sso/start', caller: 'anonymous' },
  { method: 'GET', route: '/api/admin/auth/sso/start', caller: 'anonymous' },
  { method: 'GET', route: '/api/auth/sso/callback', caller: 'anonymous', query: ssoCallbackQuerySchema, valid: () => ({ query: { code: 'abc', state: 'def', iss: 'https://id.example.com' } }) },
  { method: 'POST', route: '/api/user/auth/sso/exchange', caller: 'anonymous', body: ssoExchangeBodySchema, valid: () => ({ body: { code: 'not-a-real-code' } }) },
  { method: 'POST', route: '/api/admin/auth/sso/exchange', caller: 'anonymous', body: ssoExchangeBodySchema, valid: () => ({ body: { code: 'not-a-real-code' } }) },

  // Two-factor sign-in
  { method: 'GET', route: '/api/user/auth/2fa', caller: 'user' },
  { method: 'POST', route: '/api/user/auth/2fa/setup', caller: 'user' },
  { method: 'POST', route: '/api/user/auth/2fa/enable', caller: 'user', body: twoFactorEnableBodySchema, valid: () => ({ body: { code: '123 456' } }) },
  { method: 'POST', route: '/api/user/auth/2fa/disable', caller: 'user', body: twoFactorDisableBodySchema, valid: () => ({ body: { password: DEFAULT_PASSWORD, code: 'abcde-fghjk' } }) },
  { method: 'POST', route: '/api/user/auth/login/2fa', caller: 'anonymous', body: loginTwoFactorBodySchema, valid: secondStep('user'), refusalWrites: failedSignIns },
  { method: 'GET', route: '/api/admin/auth/2fa', caller: 'admin' },
  { method: 'POST', route: '/api/admin/auth/2fa/setup', caller: 'admin' },
  { method: 'POST', route: '/api/admin/auth/2fa/enable', caller: 'admin', body: twoFactorEnableBodySchema, valid: () => ({ body: { code: '123456' } }) },
  { method: 'POST', route: '/api/admin/auth/2fa/disable', caller: 'admin', body: twoFactorDisableBodySchema, valid: () => ({ body: { password: DEFAULT_PASSWORD, code: '123456' } }) },
  { method: 'POST', route: '/api/admin/auth/login/2fa', caller: 'anonymous', body: loginTwoFactorBodySchema, valid: secondStep('admin'), refusalWrites: failedSignIns },

  // Survey authoring
  { method: 'GET', route: '/api/surveys', caller: 'user', query: surveyListQuerySchema, valid: (f) => ({ query: { q: 'Test', state: 'draft', limit: '10', offset: '0', workspaceId: f.user.id } }) },
  { method: 'POST', route: '/api/surveys', caller: 'user', body: surveyInputSchema, valid: (f) => ({ body: { ...surveyBody, workspaceId: f.user.id } }) },
  { method: 'GET', route: '/api/surveys/:surveyId', caller: 'user', params: surveyIdParamsSchema },
  { method: 'PUT', route: '/api/surveys/:surveyId', caller: 'user', params: surveyIdParamsSchema, body: surveyInputSchema, valid: () => ({ body: { ...surveyBody, version: 1 } }) },
  { method: 'POST', route: '/api/surveys/:surveyId/duplicate', caller: 'user', params: surveyIdParamsSchema },
  { method: 'GET', route: '/api/surveys/:surveyId/preview', caller: 'user', params: surveyIdParamsSchema, query: publicSurveyQuerySchema, valid: () => ({ query: { lang: 'de' } }) },
  { method: 'PATCH', route: '/api/surveys/:surveyId/state', caller: 'user', params: surveyIdParamsSchema, body: stateChangeBodySchema, valid: () => ({ body: { state: 'active' } }) },
  { method: 'POST', route: '/api/images/check', caller: 'user', body: imageCheckBodySchema, valid: () => ({ body: { url: 'http://127.0.0.1:9/logo.png' } }) },
  { method: 'POST', route: '/api/surveys/generate', caller: 'user', body: generateSurveyBodySchema, valid: (f) => ({ body: { prompt: 'Feedback on a \u202Ejazz festival 🎷', workspaceId: f.user.id } }) },
  { method: 'POST', route: '/api/surveys/:surveyId/translate', caller: 'user', params: surveyIdParamsSchema, body: translateSurveyBodySchema, valid: () => ({ body: { language: 'pt-BR' } }) },

  // Public survey taking
  { method: 'GET', route: '/api/surveys/:surveyId/public', caller: 'anonymous', params: surveyIdParamsSchema, query: publicSurveyQuerySchema, surveyState: 'active', valid: () => ({ query: { lang: 'de' } }) },
  { method: 'POST', route: '/api/surveys/:surveyId/responses', caller: 'anonymous', params: surveyIdParamsSchema, body: submitResponseBodySchema, surveyState: 'active', valid: (f) => ({ body: { answers: answersFor(f), language: 'de' } }), accepted: storedAnswersCoverEveryQuestion },

  // Results
  { method: 'GET', route: '/api/surveys/:surveyId/results', caller: 'user', params: surveyIdParamsSchema, query: resultsQuerySchema, surveyState: 'active', valid: (f) => ({ query: { ...resultsFilterQuery(f), tz: 'Europe/Paris' } }) },
  { method: 'GET', route: '/api/surveys/:surveyId/responses', caller: 'user', params: surveyIdParamsSchema, query: responsesPageQuerySchema, surveyState: 'active', valid: (f) => ({ query: { limit: '10', ...resultsFilterQuery(f) } }) },
  { method: 'POST', route: '/api/surveys/:surveyId/results/export-link', caller: 'user', params: surveyIdParamsSchema, body: exportLinkBodySchema.nullish(), valid: (f) => ({ body: { format: 'xlsx', ...resultsFilterBody(f) } }) },
  { method: 'GET', route: '/api/surveys/:surveyId/results.csv', caller: 'user', params: surveyIdParamsSchema, query: exportQuerySchema, valid: (f) => ({ query: resultsFilterQuery(f) }) },
  { method: 'GET', route: '/api/surveys/:surveyId/results/stream', caller: 'user', params: surveyIdParamsSchema, stream: true },

  // Account deletion and export
  { method: 'GET', route: '/api/user/account/export', caller: 'user' },
  { method: 'DELETE', route: '/api/user/account', caller: 'user', body: deleteAccountBodySchema, valid: () => ({ body: { password: DEFAULT_PASSWORD } }) },

  // Audit log
  { method: 'GET', route: '/api/admin/audit', caller: 'admin', query: auditPageQuerySchema, valid: () => ({ query: { type: 'survey.deleted,account.deleted', from: '2020-01-01', to: '2100-01-01T00:00:00+02:00' } }) },
  { method: 'POST', route: '/api/admin/audit/export-link', caller: 'admin', query: auditFilterQuerySchema, valid: () => ({ query: { type: 'survey.deleted', from: '2020-01-01' } }) },
  { method: 'GET', route: '/api/admin/audit/export.csv', caller: 'admin', query: auditCsvQuerySchema, valid: () => ({ query: { type: 'auth.login.failed', to: '2100-01-01' } }) },
  // Results workflow (issue 19): text insights and the shared report
  { method: 'GET', route: '/api/surveys/:surveyId/results/insights', caller: 'user', params: surveyIdParamsSchema, query: insightsQuerySchema, surveyState: 'active', valid: () => ({ query: { questionId: 'constructor', from: '2020-01-01', to: '2100-01-01T00:00:00+02:00' } }) },  { method: 'POST', route: '/api/surveys/:surveyId/results/share', caller: 'user', params: surveyIdParamsSchema, body: shareResultsBodySchema, valid: () => ({ body: { includeTextAnswers: true } }) },
  { method: 'GET', route: '/api/surveys/:surveyId/results/share', caller: 'user', params: surveyIdParamsSchema },
  { method: 'DELETE', route: '/api/surveys/:surveyId/results/share', caller: 'user', params: surveyIdParamsSchema },
  { method: 'GET', route: '/api/shared/results/:token', caller: 'anonymous', params: sharedResultsParamsSchema, query: sharedResultsQuerySchema, valid: () => ({ params: { token: 'bm90LWEtcmVhbC10b2tlbi1ub3QtYS1yZWFsLXRva2Vu' }, query: { tz: 'Europe/Paris' } }) },

  // Results workflow (issue 19): the public page's funnel (an unknown visit: 404), one response (unknown: 404)
  { method: 'POST', route: '/api/surveys/:surveyId/visits', caller: 'anonymous', params: surveyIdParamsSchema, surveyState: 'active' },
  { method: 'POST', route: '/api/surveys/:surveyId/visits/:visitId/progress', caller: 'anonymous', params: visitParamsSchema, body: visitProgressBodySchema, surveyState: 'active', valid: () => ({ params: { visitId: '0192f0c2-7b1e-7cc4-9a43-1f2e3d4c5b6a' }, body: { questionId: '__proto__' } }) },
  { method: 'GET', route: '/api/surveys/:surveyId/responses/:responseId', caller: 'user', params: responseIdParamsSchema, surveyState: 'active', valid: () => ({ params: { responseId: '0192f0c2-7b1e-7cc4-9a43-1f2e3d4c5b6a' } }) },
  { method: 'DELETE', route: '/api/surveys/:surveyId/responses/:responseId', caller: 'user', params: responseIdParamsSchema, surveyState: 'active', valid: () => ({ params: { responseId: '0192f0c2-7b1e-7cc4-9a43-1f2e3d4c5b6a' } }) },

  // Results workflow: filters and the XLSX export (issue 19)
  { method: 'GET', route: '/api/surveys/:surveyId/results.xlsx', caller: 'user', params: surveyIdParamsSchema, query: exportQuerySchema, valid: (f) => ({ query: resultsFilterQuery(f) }) },
  // Integrations (issue 20): a survey's webhooks (an unknown webhook or delivery: 404)
  { method: 'POST', route: '/api/surveys/:surveyId/webhooks', caller: 'user', params: surveyIdParamsSchema, body: createWebhookBodySchema, valid: () => ({ body: { url: 'https://93.184.215.14/hooks?__proto__=1', events: ['response.created', 'survey.closed'] } }) },
  { method: 'GET', route: '/api/surveys/:surveyId/webhooks', caller: 'user', params: surveyIdParamsSchema },
  { method: 'PATCH', route: '/api/surveys/:surveyId/webhooks/:webhookId', caller: 'user', params: webhookParamsSchema, body: updateWebhookBodySchema, valid: () => ({ params: { webhookId: '0192f0c2-7b1e-7cc4-9a43-1f2e3d4c5b6a' }, body: { url: 'https://93.184.215.14/constructor', events: ['response.deleted'], enabled: true } }) },
  { method: 'DELETE', route: '/api/surveys/:surveyId/webhooks/:webhookId', caller: 'user', params: webhookParamsSchema, valid: () => ({ params: { webhookId: '0192f0c2-7b1e-7cc4-9a43-1f2e3d4c5b6a' } }) },
  { method: 'POST', route: '/api/surveys/:surveyId/webhooks/:webhookId/test', caller: 'user', params: webhookParamsSchema, valid: () => ({ params: { webhookId: '0192f0c2-7b1e-7cc4-9a43-1f2e3d4c5b6a' } }) },
  { method: 'GET', route: '/api/surveys/:surveyId/webhooks/:webhookId/deliveries', caller: 'user', params: webhookParamsSchema, valid: () => ({ params: { webhookId: '0192f0c2-7b1e-7cc4-9a43-1f2e3d4c5b6a' } }) },
  { method: 'POST', route: '/api/surveys/:surveyId/webhooks/:webhookId/deliveries/:deliveryId/resend', caller: 'user', params: deliveryParamsSchema, valid: () => ({ params: { webhookId: '0192f0c2-7b1e-7cc4-9a43-1f2e3d4c5b6a', deliveryId: '0192f0c2-7b1e-7cc4-9a43-1f2e3d4c5b6b' } }) },

  // Integrations (issue 20): personal API keys (an unknown key id: 404)
  { method: 'POST', route: '/api/user/api-keys', caller: 'user', body: createApiKeyBodySchema, valid: () => ({ body: { name: 'CRM sync 🎉 مزامنة', scopes: ['surveys:read', 'responses:read'] } }) },
  { method: 'GET', route: '/api/user/api-keys', caller: 'user' },
  { method: 'DELETE', route: '/api/user/api-keys/:id', caller: 'user', params: apiKeyParamsSchema, valid: () => ({ params: { id: '0192f0c2-7b1e-7cc4-9a43-1f2e3d4c5b6a' } }) },

  // Integrations (issue 20): the OpenAPI document and the API docs page
  { method: 'GET', route: '/api/openapi.json', caller: 'anonymous' },
  { method: 'GET', route: '/api/docs', caller: 'anonymous' },
  { method: 'GET', route: '/api/docs/:file', caller: 'anonymous', params: apiDocsAssetParamsSchema, valid: () => ({ params: { file: 'quorum-docs.js' } }) },

  // Integrations (issue 20): a notification mail's unsubscribe link
  { method: 'POST', route: '/api/notifications/unsubscribe', caller: 'anonymous', query: unsubscribeQuerySchema, body: unsubscribeRequestBodySchema, valid: (f) => ({ body: { token: createUnsubscribeTokens(testConfig().jwtSecret).make(f.survey.id) } }) },

  // Teams (issue 24): workspaces, members and invitations. The valid requests name the user's personal workspace
  // (renaming, deleting, inviting and member changes answer 409 there; reading answers 200); unknown ids 404.
  { method: 'GET', route: '/api/workspaces', caller: 'user' },
  { method: 'POST', route: '/api/workspaces', caller: 'user', body: workspaceBodySchema, valid: () => ({ body: { name: 'Équipe 🎉 فريق __proto__' } }) },
  { method: 'PATCH', route: '/api/workspaces/:workspaceId', caller: 'user', params: workspaceIdParamsSchema, body: workspaceBodySchema, valid: (f) => ({ params: { workspaceId: f.user.id }, body: { name: 'constructor' } }) },
  { method: 'DELETE', route: '/api/workspaces/:workspaceId', caller: 'user', params: workspaceIdParamsSchema, valid: (f) => ({ params: { workspaceId: f.user.id } }) },
  { method: 'GET', route: '/api/workspaces/:workspaceId/members', caller: 'user', params: workspaceIdParamsSchema, valid: (f) => ({ params: { workspaceId: f.user.id } }) },
  { method: 'PATCH', route: '/api/workspaces/:workspaceId/members/:userId', caller: 'user', params: workspaceMemberParamsSchema, body: updateMemberBodySchema, valid: (f) => ({ params: { workspaceId: f.user.id, userId: f.user.id }, body: { role: 'viewer' } }) },
  { method: 'DELETE', route: '/api/workspaces/:workspaceId/members/:userId', caller: 'user', params: workspaceMemberParamsSchema, valid: (f) => ({ params: { workspaceId: f.user.id, userId: '__proto__' } }) },
  { method: 'POST', route: '/api/workspaces/:workspaceId/invitations', caller: 'user', params: workspaceIdParamsSchema, body: createInvitationBodySchema, valid: (f) => ({ params: { workspaceId: f.user.id }, body: { email: 'New.Person+proto@example.com', role: 'editor' } }) },
  { method: 'GET', route: '/api/workspaces/:workspaceId/invitations', caller: 'user', params: workspaceIdParamsSchema, valid: (f) => ({ params: { workspaceId: f.user.id } }) },
  { method: 'DELETE', route: '/api/workspaces/:workspaceId/invitations/:invitationId', caller: 'user', params: workspaceInvitationParamsSchema, valid: (f) => ({ params: { workspaceId: f.user.id, invitationId: '0192f0c2-7b1e-7cc4-9a43-1f2e3d4c5b6a' } }) },
  { method: 'GET', route: '/api/invitations/:token', caller: 'anonymous', params: invitationTokenParamsSchema, valid: () => ({ params: { token: 'Vt2kQ9xY3mN8pL4rS7wZ1aB6cD0eF5gH2iJ9kL3mN7o' } }) },
  { method: 'POST', route: '/api/invitations/:token/accept', caller: 'user', params: invitationTokenParamsSchema, valid: () => ({ params: { token: 'Vt2kQ9xY3mN8pL4rS7wZ1aB6cD0eF5gH2iJ9kL3mN7o' } }) },
];
