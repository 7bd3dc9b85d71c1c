import { can, type PermissionAction, type PermissionRole, type SurveyState } from '@quorum/contract';
import { DEFAULT_PASSWORD, uniqueEmail, type CreatedAccount, type CreatedSurvey } from '@quorum/test-support/factories';
import { createUnsubscribeTokens } from '../src/modules/notifications/unsubscribe-token';
import { testConfig } from './helpers';

/**
 * The role matrix: every `/api` endpoint, called as each kind of caller, and the status it must
 * answer. `role-matrix.test.ts` runs every row; it also fails when the server has a route that has
 * no row here, so this table grows with every new endpoint.
 *
 * Callers: anonymous (no token), owner (the user who owns the row's survey), another user, and an
 * administrator. Each call gets fresh accounts and a fresh survey, so rows never depend on each
 * other (a password change or a state change by one caller does not affect the next).
 *
 * Conventions the table pins down:
 * - no token, or a token of the wrong role on a one-role endpoint → 401;
 * - another user's survey → 404, the same answer as an unknown id (existence is not revealed);
 * - administrators read every survey and its results, but creating and editing surveys is refused
 *   with 403 (their session stays valid), and of the state changes only restore (deleted → draft) is
 *   theirs; other state changes are 409 for them;
 * - public endpoints answer the same to everybody.
 *
 * Teams: the fixture survey is in a team workspace (`workspaceId`) that `owner` owns, where `editor` and `viewer`
 * are members with those roles; `otherUser` is in no workspace of the owner's. A row's `team` says what the
 * editor and the viewer get; every row of a `:surveyId` or `:workspaceId` route must say it, others default to the
 * other user's status (a member's role does not matter off the workspace).
 *
 * Where a row's answer depends on what a role may do, the owner's, the editor's, the viewer's and the
 * administrator's statuses are read from the contract's permission map (`decidedBy`, `statusOf`), the map the
 * server decides by: a change to the map that the server does not follow, or the other way round, fails here.
 *
 * A fifth caller, `ownerKey`, is the owner's API key holding every scope. Its expected status is the row's `key`;
 * without one, the anonymous status on public routes (those that answer anonymous callers with other than
 * 401), else 403 API_KEY_NOT_ALLOWED: a key reaches only the routes that name a scope, and never the admin API.
 */

export const CALLERS = ['anonymous', 'owner', 'otherUser', 'admin'] as const;
/** Members of the fixture survey's workspace, by role (the owner is its owner). */
export const TEAM_CALLERS = ['editor', 'viewer'] as const;
export type Caller = (typeof CALLERS)[number] | (typeof TEAM_CALLERS)[number];

/** What the owner's API key (every scope) gets on a row: its `key`, else the rule in the comment above. */
export function expectedForKey(row: Pick<MatrixRow, 'expect' | 'key'>): number {
  if (row.key !== undefined) return row.key;
  return row.expect[0] === 401 ? 403 : row.expect[0];
}

/** What the editor and the viewer get on a row: its `team`, else the other user's status. */
export function expectedForTeam(row: Pick<MatrixRow, 'expect' | 'team'>): [editor: number, viewer: number] {
  return row.team ?? [row.expect[2], row.expect[2]];
}

/** The status `role` gets on a row that does `action`: `allowed` when the permission map lets it, else `refused`. */
function statusOf(role: PermissionRole, action: PermissionAction, allowed: number, refused = 403): number {
  return can(role, action) ? allowed : refused;
}

/**
 * `expect` and `team` of a row the permission map decides: the owner, the editor, the viewer and the administrator
 * get `allowed` when the map lets their role do `action`; refused, a member 403 WORKSPACE_ROLE_FORBIDDEN and the
 * administrator `adminRefused` (403 by default; 409 for a move, 401 on the routes for users only). The anonymous
 * caller gets 401, and the other user, a member of no workspace of the owner's, 404 as for an unknown id.
 */
function decidedBy(action: PermissionAction, allowed: number, adminRefused = 403): Pick<MatrixRow, 'expect' | 'team'> {
  return {
    expect: [401, statusOf('owner', action, allowed), 404, statusOf('admin', action, allowed, adminRefused)],
    team: [statusOf('editor', action, allowed), statusOf('viewer', action, allowed)],
  };
}

export interface MatrixFixture {
  owner: CreatedAccount;
  otherUser: CreatedAccount;
  admin: CreatedAccount;
  /** An editor and a viewer of `workspaceId`. */
  editor: CreatedAccount;
  viewer: CreatedAccount;
  /** A team workspace `owner` owns, with `editor` and `viewer` as members. */
  workspaceId: string;
  /** Created by `owner` in `workspaceId`, in the row's `surveyState`. */
  survey: CreatedSurvey;
  /** A signed CSV download link made by the owner (rows that ask for `exportLink`). */
  exportLink?: string;
  /** A visit of the survey's public page (rows that ask for `withVisit`). */
  visitId?: string;
  /** A response to the survey (rows that ask for `withResponse`). */
  responseId?: string;
  /** The survey's shared report path, /shared/results/:token (rows that ask for `withShare`). */
  shareUrl?: string;
  /** A webhook of the survey and a delivery of it that failed (rows that ask for `withWebhook`). */
  webhookId?: string;
  deliveryId?: string;
  /** The owner's API key with every scope (the `ownerKey` caller only). */
  ownerKey?: string;
  /** An API key of the owner (rows that ask for `withApiKey`). */
  apiKeyId?: string;
  /** A pending invitation to `workspaceId` for the other user's email, and its link's token (`withInvitation`). */
  invitationId?: string;
  invitationToken?: string;
}

export interface MatrixRequest {
  url: string;
  body?: unknown;
}

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered, e.g. `/api/surveys/:surveyId`. */
  route: string;
  /** What this row looks at, when a route has several rows. */
  case?: string;
  /** The issue that owns the endpoint. */
  issue: number;
  /** anonymous, owner, other user, admin. */
  expect: [anonymous: number, owner: number, otherUser: number, admin: number];
  /** The owner's API key with every scope; see `expectedForKey` for the status when absent. */
  key?: number;
  /** The editor and the viewer of the survey's workspace; required on `:surveyId` and `:workspaceId` routes. */
  team?: [editor: number, viewer: number];
  /** The state of the fixture survey (default draft). */
  surveyState?: SurveyState;
  /** Also have the owner make a CSV download link first. */
  exportLink?: boolean;
  /** Also open a visit of the (active) survey's public page first. */
  withVisit?: boolean;
  /** Also submit a response to the (active) survey first. */
  withResponse?: boolean;
  /** Also have the owner share the survey's results first. */
  withShare?: boolean;
  /** Also give the survey a webhook (to an address deliveries may not reach) with one failed delivery. */
  withWebhook?: boolean;
  /** Also have the owner make an API key first (its id in `apiKeyId`). */
  withApiKey?: boolean;
  /** Also invite the other user's email to the workspace first (`invitationId`, `invitationToken`). */
  withInvitation?: boolean;
  /** Streaming answers are read over real HTTP: only the status line is awaited. */
  stream?: boolean;
  request: (f: MatrixFixture, caller: Caller) => MatrixRequest;
}

const surveyBody = {
  projectName: 'Matrix Project',
  title: 'Matrix survey',
  questions: [{ text: 'How was it?', type: 'rating', ratingScale: { min: 1, max: 5 } }],
};

/** A valid answer to every question of the fixture survey (sampleQuestions). */
const answersFor = (f: MatrixFixture) =>
  f.survey.questions.map((q) => ({
    questionId: q.id,
    answer: q.type === 'checkbox' ? [q.options[0]!] : q.type === 'text' ? 'Fine' : q.options[0]!,
  }));

const s = (f: MatrixFixture) => `/api/surveys/${f.survey.id}`;
const w = (f: MatrixFixture) => `/api/workspaces/${f.workspaceId}`;
/** The caller's own personal workspace (its id is the caller's; the owner's for nobody). */
const personalOf = (f: MatrixFixture, caller: Caller) =>
  `/api/workspaces/${caller === 'anonymous' ? f.owner.id : f[caller].id}`;

export const ROLE_MATRIX: MatrixRow[] = [
  // --- Foundation -------------------------------------------------------------------------------
  {
    method: 'GET',
    route: '/api/health',
    issue: 1,
    expect: [200, 200, 200, 200],
    request: () => ({ url: '/api/health' }),
  },
  {
    method: 'GET',
    route: '/api/health/live',
    issue: 21,
    expect: [200, 200, 200, 200],
    request: () => ({ url: '/api/health/live' }),
  },
  {
    method: 'GET',
    route: '/api/health/ready',
    issue: 21,
    expect: [200, 200, 200, 200],
    request: () => ({ url: '/api/health/ready' }),
  },
  {
    method: 'GET',
    route: '/api/config',
    issue: 1,
    expect: [200, 200, 200, 200],
    request: () => ({ url: '/api/config' }),
  },

  // --- Accounts (issue 3): /api/user/auth/* -----------------------------------------------------
  {
    method: 'POST',
    route: '/api/user/auth/register',
    issue: 3,
    expect: [201, 201, 201, 201],
    request: () => {
      const email = uniqueEmail('matrix');
      return {
        url: '/api/user/auth/register',
        body: { name: 'New Person', email, password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/user/auth/resend-verification',
    issue: 3,
    expect: [200, 200, 200, 200],
    request: (f) => ({ url: '/api/user/auth/resend-verification', body: { email: f.owner.email } }),
  },
  {
    method: 'GET',
    route: '/api/user/auth/verify-email/:token',
    case: 'unknown link',
    issue: 3,
    expect: [400, 400, 400, 400],
    request: () => ({ url: '/api/user/auth/verify-email/not-a-real-token' }),
  },
  {
    method: 'POST',
    route: '/api/user/auth/login',
    case: "the owner's credentials",
    issue: 3,
    expect: [200, 200, 200, 200],
    request: (f) => ({ url: '/api/user/auth/login', body: { email: f.owner.email, password: f.owner.password } }),
  },
  {
    method: 'POST',
    route: '/api/user/auth/login',
    case: "an administrator's credentials",
    issue: 3,
    expect: [401, 401, 401, 401],
    key: 401,
    request: (f) => ({ url: '/api/user/auth/login', body: { email: f.admin.email, password: f.admin.password } }),
  },
  {
    method: 'GET',
    route: '/api/user/auth/verify-user-token',
    issue: 3,
    expect: [401, 200, 200, 401],
    request: () => ({ url: '/api/user/auth/verify-user-token' }),
  },
  {
    method: 'PUT',
    route: '/api/user/auth/update-profile',
    issue: 3,
    expect: [401, 200, 200, 401],
    request: () => ({ url: '/api/user/auth/update-profile', body: { name: 'Renamed' } }),
  },
  {
    method: 'PUT',
    route: '/api/user/auth/change-password',
    issue: 3,
    expect: [401, 200, 200, 401],
    request: () => ({
      url: '/api/user/auth/change-password',
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another-Passw0rd!' },
    }),
  },

  // --- Accounts, part two (issue 16): password reset and signing out ----------------------------
  {
    method: 'POST',
    route: '/api/user/auth/forgot-password',
    issue: 16,
    expect: [200, 200, 200, 200],
    request: (f) => ({ url: '/api/user/auth/forgot-password', body: { email: f.owner.email } }),
  },
  {
    method: 'POST',
    route: '/api/user/auth/reset-password',
    case: 'unknown link',
    issue: 16,
    expect: [400, 400, 400, 400],
    request: () => ({
      url: '/api/user/auth/reset-password',
      body: { token: 'not-a-real-token', password: 'Another-Passw0rd!', confirmPassword: 'Another-Passw0rd!' },
    }),
  },
  {
    method: 'POST',
    route: '/api/user/auth/logout',
    issue: 16,
    expect: [401, 204, 204, 401],
    request: () => ({ url: '/api/user/auth/logout' }),
  },
  {
    method: 'POST',
    route: '/api/user/auth/logout-all',
    issue: 16,
    expect: [401, 204, 204, 401],
    request: () => ({ url: '/api/user/auth/logout-all' }),
  },
  {
    method: 'POST',
    route: '/api/admin/auth/logout',
    issue: 16,
    expect: [401, 401, 401, 204],
    request: () => ({ url: '/api/admin/auth/logout' }),
  },
  {
    method: 'POST',
    route: '/api/admin/auth/logout-all',
    issue: 16,
    expect: [401, 401, 401, 204],
    request: () => ({ url: '/api/admin/auth/logout-all' }),
  },

  // --- Administrators (issue 8): /api/admin/auth/* ----------------------------------------------
  {
    method: 'POST',
    route: '/api/admin/auth/login',
    case: "an administrator's credentials",
    issue: 8,
    expect: [200, 200, 200, 200],
    request: (f) => ({ url: '/api/admin/auth/login', body: { email: f.admin.email, password: f.admin.password } }),
  },
  {
    method: 'POST',
    route: '/api/admin/auth/login',
    case: "a user's credentials",
    issue: 8,
    expect: [401, 401, 401, 401],
    key: 401,
    request: (f) => ({ url: '/api/admin/auth/login', body: { email: f.owner.email, password: f.owner.password } }),
  },
  {
    method: 'GET',
    route: '/api/admin/auth/verify-admin-token',
    issue: 8,
    expect: [401, 401, 401, 200],
    request: () => ({ url: '/api/admin/auth/verify-admin-token' }),
  },
  {
    method: 'PUT',
    route: '/api/admin/auth/update-profile',
    issue: 8,
    expect: [401, 401, 401, 200],
    request: () => ({ url: '/api/admin/auth/update-profile', body: { name: 'Renamed' } }),
  },
  {
    method: 'PUT',
    route: '/api/admin/auth/change-password',
    issue: 8,
    expect: [401, 401, 401, 200],
    request: () => ({
      url: '/api/admin/auth/change-password',
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another-Passw0rd!' },
    }),
  },

  // --- Two-factor sign-in (issue 16): /api/{user,admin}/auth/2fa*, /api/{user,admin}/auth/login/2fa ---
  {
    method: 'GET',
    route: '/api/user/auth/2fa',
    issue: 16,
    expect: [401, 200, 200, 401],
    request: () => ({ url: '/api/user/auth/2fa' }),
  },
  {
    method: 'POST',
    route: '/api/user/auth/2fa/setup',
    issue: 16,
    expect: [401, 200, 200, 401],
    request: () => ({ url: '/api/user/auth/2fa/setup' }),
  },
  {
    method: 'POST',
    route: '/api/user/auth/2fa/enable',
    case: 'without a setup',
    issue: 16,
    expect: [401, 409, 409, 401],
    request: () => ({ url: '/api/user/auth/2fa/enable', body: { code: '123456' } }),
  },
  {
    method: 'POST',
    route: '/api/user/auth/2fa/disable',
    case: 'while off',
    issue: 16,
    expect: [401, 409, 409, 401],
    request: () => ({ url: '/api/user/auth/2fa/disable', body: { password: DEFAULT_PASSWORD, code: '123456' } }),
  },
  {
    method: 'POST',
    route: '/api/user/auth/login/2fa',
    case: 'a session token as the ticket',
    issue: 16,
    expect: [401, 401, 401, 401],
    key: 401,
    request: (f) => ({ url: '/api/user/auth/login/2fa', body: { mfaToken: f.owner.token, code: '123456' } }),
  },
  {
    method: 'GET',
    route: '/api/admin/auth/2fa',
    issue: 16,
    expect: [401, 401, 401, 200],
    request: () => ({ url: '/api/admin/auth/2fa' }),
  },
  {
    method: 'POST',
    route: '/api/admin/auth/2fa/setup',
    issue: 16,
    expect: [401, 401, 401, 200],
    request: () => ({ url: '/api/admin/auth/2fa/setup' }),
  },
  {
    method: 'POST',
    route: '/api/admin/auth/2fa/enable',
    case: 'without a setup',
    issue: 16,
    expect: [401, 401, 401, 409],
    request: () => ({ url: '/api/admin/auth/2fa/enable', body: { code: '123456' } }),
  },
  {
    method: 'POST',
    route: '/api/admin/auth/2fa/disable',
    case: 'while off',
    issue: 16,
    expect: [401, 401, 401, 409],
    request: () => ({ url: '/api/admin/auth/2fa/disable', body: { password: DEFAULT_PASSWORD, code: '123456' } }),
  },
  {
    method: 'POST',
    route: '/api/admin/auth/login/2fa',
    case: 'a session token as the ticket',
    issue: 16,
    expect: [401, 401, 401, 401],
    key: 401,
    request: (f) => ({ url: '/api/admin/auth/login/2fa', body: { mfaToken: f.admin.token, code: '123456' } }),
  },

  // --- Survey authoring (issue 5) ---------------------------------------------------------------
  {
    method: 'GET',
    route: '/api/surveys',
    issue: 5,
    expect: [401, 200, 200, 200],
    key: 200,
    request: () => ({ url: '/api/surveys' }),
  },
  {
    method: 'POST',
    route: '/api/surveys',
    issue: 5,
    expect: [401, 201, 201, 403],
    key: 201,
    request: () => ({ url: '/api/surveys', body: surveyBody }),
  },
  {
    method: 'GET',
    route: '/api/surveys',
    case: 'a team workspace',
    issue: 24,
    expect: [401, 200, 404, 200],
    key: 200,
    team: [200, 200],
    request: (f) => ({ url: `/api/surveys?workspaceId=${f.workspaceId}` }),
  },
  {
    method: 'POST',
    route: '/api/surveys',
    case: 'in a team workspace',
    issue: 24,
    ...decidedBy('create', 201),
    key: 201,
    request: (f) => ({ url: '/api/surveys', body: { ...surveyBody, workspaceId: f.workspaceId } }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId',
    issue: 5,
    ...decidedBy('view', 200),
    key: 200,
    request: (f) => ({ url: s(f) }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId',
    case: 'a deleted survey',
    issue: 5,
    surveyState: 'deleted',
    expect: [401, 404, 404, statusOf('admin', 'view', 200)],
    team: [404, 404],
    key: 404,
    request: (f) => ({ url: s(f) }),
  },
  {
    method: 'PUT',
    route: '/api/surveys/:surveyId',
    issue: 5,
    ...decidedBy('edit', 200),
    key: 200,
    request: (f) => ({ url: s(f), body: surveyBody }),
  },
  {
    method: 'PATCH',
    route: '/api/surveys/:surveyId/state',
    case: 'launch a draft',
    issue: 5,
    ...decidedBy('change-state', 200, 409),
    key: 200,
    request: (f) => ({ url: `${s(f)}/state`, body: { state: 'active' } }),
  },
  {
    method: 'PATCH',
    route: '/api/surveys/:surveyId/state',
    case: 'restore a deleted survey',
    issue: 5,
    surveyState: 'deleted',
    expect: [401, 404, 404, statusOf('admin', 'restore', 200, 409)],
    team: [404, 404],
    key: 404,
    request: (f) => ({ url: `${s(f)}/state`, body: { state: 'draft' } }),
  },
  // --- Survey workflow (issue 18) ---------------------------------------------------------------
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/duplicate',
    issue: 18,
    ...decidedBy('create', 201),
    key: 201,
    request: (f) => ({ url: `${s(f)}/duplicate` }),
  },
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/duplicate',
    case: 'a deleted survey',
    issue: 18,
    surveyState: 'deleted',
    expect: [401, 404, 404, statusOf('admin', 'create', 201)],
    team: [404, 404],
    key: 404,
    request: (f) => ({ url: `${s(f)}/duplicate` }),
  },
  // Translate with AI: this app has no AI provider, so those who may edit get 404 AI_NOT_CONFIGURED; API keys are
  // refused as for generating (a provider call costs money).
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/translate',
    issue: 23,
    ...decidedBy('edit', 404),
    request: (f) => ({ url: `${s(f)}/translate`, body: { language: 'de' } }),
  },
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/translate',
    case: 'into the default language',
    issue: 23,
    ...decidedBy('edit', 400),
    request: (f) => ({ url: `${s(f)}/translate`, body: { language: 'en' } }),
  },
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/translate',
    case: 'a closed survey',
    issue: 23,
    surveyState: 'closed',
    ...decidedBy('edit', 409),
    request: (f) => ({ url: `${s(f)}/translate`, body: { language: 'de' } }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/preview',
    case: 'a draft',
    issue: 18,
    ...decidedBy('view', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/preview` }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/preview',
    case: 'a closed survey',
    issue: 18,
    surveyState: 'closed',
    ...decidedBy('view', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/preview` }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/preview',
    case: 'a deleted survey',
    issue: 18,
    surveyState: 'deleted',
    expect: [401, 404, 404, statusOf('admin', 'view', 200)],
    team: [404, 404],
    key: 404,
    request: (f) => ({ url: `${s(f)}/preview` }),
  },
  {
    method: 'POST',
    route: '/api/images/check',
    issue: 5,
    expect: [401, 200, 200, 200],
    request: () => ({ url: '/api/images/check', body: { url: 'http://127.0.0.1:9/logo.png' } }),
  },

  // --- Public survey taking (issue 6) -----------------------------------------------------------
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/public',
    case: 'an active survey',
    issue: 6,
    surveyState: 'active',
    expect: [200, 200, 200, 200],
    team: [200, 200],
    request: (f) => ({ url: `${s(f)}/public` }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/public',
    case: 'a draft',
    issue: 6,
    expect: [404, 404, 404, 404],
    team: [404, 404],
    request: (f) => ({ url: `${s(f)}/public` }),
  },
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/responses',
    case: 'an active survey',
    issue: 6,
    surveyState: 'active',
    expect: [201, 201, 201, 201],
    team: [201, 201],
    request: (f) => ({ url: `${s(f)}/responses`, body: { answers: answersFor(f) } }),
  },

  // --- Results (issue 7) ------------------------------------------------------------------------
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/results',
    issue: 7,
    surveyState: 'active',
    ...decidedBy('view-results', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/results` }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/responses',
    issue: 7,
    surveyState: 'active',
    ...decidedBy('view-results', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/responses?limit=10` }),
  },
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/results/export-link',
    issue: 7,
    ...decidedBy('export-results', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/results/export-link` }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/results.csv',
    case: 'with the bearer token',
    issue: 7,
    ...decidedBy('export-results', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/results.csv` }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/results.csv',
    case: "with the owner's signed link (the link is the credential)",
    issue: 7,
    exportLink: true,
    expect: [200, 200, 200, 200],
    team: [200, 200],
    request: (f) => ({ url: f.exportLink! }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/results/stream',
    issue: 7,
    stream: true,
    ...decidedBy('view-results', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/results/stream` }),
  },

  // --- AI generation (issue 9) ------------------------------------------------------------------
  {
    method: 'POST',
    route: '/api/surveys/generate',
    issue: 9,
    expect: [401, 201, 201, 403],
    request: () => ({ url: '/api/surveys/generate', body: { prompt: 'Feedback on a weekend jazz festival' } }),
  },
  {
    method: 'POST',
    route: '/api/surveys/generate',
    case: 'in a team workspace',
    issue: 24,
    ...decidedBy('create', 201),
    request: (f) => ({
      url: '/api/surveys/generate',
      body: { prompt: 'Feedback on a weekend jazz festival', workspaceId: f.workspaceId },
    }),
  },

  // --- Single sign-on (issue 16): off in this app, so every caller gets 404; sso.test.ts covers it on ----------
  ...(['user', 'admin'] as const).flatMap((side): MatrixRow[] => [
    {
      method: 'GET',
      route: `/api/${side}/auth/sso/start`,
      case: 'single sign-on off',
      issue: 16,
      expect: [404, 404, 404, 404],
      request: () => ({ url: `/api/${side}/auth/sso/start` }),
    },
    {
      method: 'POST',
      route: `/api/${side}/auth/sso/exchange`,
      case: 'single sign-on off',
      issue: 16,
      expect: [404, 404, 404, 404],
      request: () => ({ url: `/api/${side}/auth/sso/exchange`, body: { code: 'not-a-real-code' } }),
    },
  ]),
  {
    method: 'GET',
    route: '/api/auth/sso/callback',
    case: 'single sign-on off',
    issue: 16,
    expect: [404, 404, 404, 404],
    request: () => ({ url: '/api/auth/sso/callback?code=abc&state=def' }),
  },

  // --- Account deletion and export (issue 16): a user's own account only -------------------------
  {
    method: 'GET',
    route: '/api/user/account/export',
    issue: 16,
    expect: [401, 200, 200, 401],
    request: () => ({ url: '/api/user/account/export' }),
  },
  {
    method: 'DELETE',
    route: '/api/user/account',
    case: "the owner is the only owner of the fixture's team workspace (409); others are not",
    issue: 16,
    expect: [401, 409, 200, 401],
    request: () => ({ url: '/api/user/account', body: { password: DEFAULT_PASSWORD } }),
  },

  // --- Audit log (issue 16): administrators only; no route changes or deletes an entry ------------
  {
    method: 'GET',
    route: '/api/admin/audit',
    issue: 16,
    expect: [401, 401, 401, 200],
    request: () => ({ url: '/api/admin/audit?type=survey.deleted' }),
  },
  {
    method: 'POST',
    route: '/api/admin/audit/export-link',
    issue: 16,
    expect: [401, 401, 401, 200],
    request: () => ({ url: '/api/admin/audit/export-link?from=2020-01-01' }),
  },
  {
    method: 'GET',
    route: '/api/admin/audit/export.csv',
    case: 'with the bearer token',
    issue: 16,
    expect: [401, 401, 401, 200],
    key: 401,
    request: () => ({ url: '/api/admin/audit/export.csv' }),
  },

  // --- Results workflow (issue 19), text insights and the shared report ---------------------------
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/results/insights',
    issue: 19,
    surveyState: 'active',
    ...decidedBy('view-results', 200),
    key: 200,
    request: (f) => ({
      url: `${s(f)}/results/insights?questionId=${f.survey.questions.find((q) => q.type === 'text')!.id}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/results/share',
    issue: 19,
    ...decidedBy('share-results', 200),
    request: (f) => ({ url: `${s(f)}/results/share`, body: { includeTextAnswers: true } }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/results/share',
    issue: 19,
    ...decidedBy('see-share-link', 200),
    // The link is a bearer secret that would outlast a viewer's membership: editors and owners only.
    request: (f) => ({ url: `${s(f)}/results/share` }),
  },
  {
    method: 'DELETE',
    route: '/api/surveys/:surveyId/results/share',
    issue: 19,
    ...decidedBy('share-results', 204),
    request: (f) => ({ url: `${s(f)}/results/share` }),
  },
  {
    method: 'GET',
    route: '/api/shared/results/:token',
    case: 'a shared report: the same for everybody',
    issue: 19,
    surveyState: 'active',
    withShare: true,
    expect: [200, 200, 200, 200],
    request: (f) => ({ url: `/api${f.shareUrl!}` }),
  },
  {
    method: 'GET',
    route: '/api/shared/results/:token',
    case: 'a token never given',
    issue: 19,
    expect: [404, 404, 404, 404],
    request: () => ({ url: '/api/shared/results/bm90LWEtcmVhbC10b2tlbi1ub3QtYS1yZWFsLXRva2Vu' }),
  },

  // --- Results workflow (issue 19): the public page's funnel, one response's detail and deletion ---------
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/visits',
    case: 'an active survey',
    issue: 19,
    surveyState: 'active',
    expect: [201, 201, 201, 201],
    team: [201, 201],
    request: (f) => ({ url: `${s(f)}/visits` }),
  },
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/visits',
    case: 'a draft',
    issue: 19,
    expect: [404, 404, 404, 404],
    team: [404, 404],
    request: (f) => ({ url: `${s(f)}/visits` }),
  },
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/visits/:visitId/progress',
    issue: 19,
    surveyState: 'active',
    withVisit: true,
    expect: [204, 204, 204, 204],
    team: [204, 204],
    request: (f) => ({ url: `${s(f)}/visits/${f.visitId}/progress`, body: { questionId: f.survey.questions[0]!.id } }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/responses/:responseId',
    issue: 19,
    surveyState: 'active',
    withResponse: true,
    ...decidedBy('view-results', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/responses/${f.responseId}` }),
  },
  {
    method: 'DELETE',
    route: '/api/surveys/:surveyId/responses/:responseId',
    issue: 19,
    surveyState: 'active',
    withResponse: true,
    ...decidedBy('delete-responses', 204),
    key: 204,
    request: (f) => ({ url: `${s(f)}/responses/${f.responseId}` }),
  },
  // --- Results workflow: filters, flags, timeline and the XLSX export (issue 19) ----------------
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/results',
    case: 'filtered, hiding flagged responses, in a time zone',
    issue: 19,
    surveyState: 'active',
    ...decidedBy('view-results', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/results?from=2020-01-01&hideFlagged=true&tz=Europe/Paris` }),
  },
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/results/export-link',
    case: 'an XLSX link with a filter',
    issue: 19,
    ...decidedBy('export-results', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/results/export-link`, body: { format: 'xlsx', from: '2020-01-01' } }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/results.xlsx',
    case: 'with the bearer token',
    issue: 19,
    ...decidedBy('export-results', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/results.xlsx` }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/results.xlsx',
    case: "with the owner's signed link (the link is the credential)",
    issue: 19,
    exportLink: true,
    expect: [200, 200, 200, 200],
    team: [200, 200],
    request: (f) => ({ url: f.exportLink!.replace('/results.csv?', '/results.xlsx?') }),
  },
  // --- Integrations: webhooks (issue 20) ---------------------------------------------------------
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/webhooks',
    issue: 20,
    ...decidedBy('manage-webhooks', 201),
    key: 201,
    request: (f) => ({
      url: `${s(f)}/webhooks`,
      body: { url: 'https://93.184.215.14/hooks', events: ['response.created'] },
    }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/webhooks',
    issue: 20,
    withWebhook: true,
    ...decidedBy('manage-webhooks', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/webhooks` }),
  },
  {
    method: 'PATCH',
    route: '/api/surveys/:surveyId/webhooks/:webhookId',
    issue: 20,
    withWebhook: true,
    ...decidedBy('manage-webhooks', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/webhooks/${f.webhookId}`, body: { events: ['survey.closed'], enabled: false } }),
  },
  {
    method: 'DELETE',
    route: '/api/surveys/:surveyId/webhooks/:webhookId',
    issue: 20,
    withWebhook: true,
    ...decidedBy('manage-webhooks', 204),
    key: 204,
    request: (f) => ({ url: `${s(f)}/webhooks/${f.webhookId}` }),
  },
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/webhooks/:webhookId/test',
    issue: 20,
    withWebhook: true,
    ...decidedBy('manage-webhooks', 202),
    key: 202,
    request: (f) => ({ url: `${s(f)}/webhooks/${f.webhookId}/test` }),
  },
  {
    method: 'GET',
    route: '/api/surveys/:surveyId/webhooks/:webhookId/deliveries',
    issue: 20,
    withWebhook: true,
    ...decidedBy('manage-webhooks', 200),
    key: 200,
    request: (f) => ({ url: `${s(f)}/webhooks/${f.webhookId}/deliveries` }),
  },
  {
    method: 'POST',
    route: '/api/surveys/:surveyId/webhooks/:webhookId/deliveries/:deliveryId/resend',
    issue: 20,
    withWebhook: true,
    ...decidedBy('manage-webhooks', 202),
    key: 202,
    request: (f) => ({ url: `${s(f)}/webhooks/${f.webhookId}/deliveries/${f.deliveryId}/resend` }),
  },

  // --- Integrations (issue 20): personal API keys, a session's business only ----------------------
  {
    method: 'POST',
    route: '/api/user/api-keys',
    issue: 20,
    expect: [401, 201, 201, 401],
    request: () => ({ url: '/api/user/api-keys', body: { name: 'Matrix key', scopes: ['surveys:read'] } }),
  },
  {
    method: 'GET',
    route: '/api/user/api-keys',
    issue: 20,
    expect: [401, 200, 200, 401],
    request: () => ({ url: '/api/user/api-keys' }),
  },
  {
    method: 'DELETE',
    route: '/api/user/api-keys/:id',
    case: "the owner's key",
    issue: 20,
    withApiKey: true,
    expect: [401, 204, 404, 401],
    request: (f) => ({ url: `/api/user/api-keys/${f.apiKeyId}` }),
  },
  // --- Integrations: the OpenAPI document and the API docs page (issue 20) ----------------------
  {
    method: 'GET',
    route: '/api/openapi.json',
    issue: 20,
    expect: [200, 200, 200, 200],
    request: () => ({ url: '/api/openapi.json' }),
  },
  { method: 'GET', route: '/api/docs', issue: 20, expect: [200, 200, 200, 200], request: () => ({ url: '/api/docs' }) },
  {
    method: 'GET',
    route: '/api/docs/:file',
    issue: 20,
    expect: [200, 200, 200, 200],
    request: () => ({ url: '/api/docs/swagger-ui-bundle.js' }),
  },

  // --- Integrations (issue 20): email notifications' unsubscribe link, public ------------------------------
  {
    method: 'POST',
    route: '/api/notifications/unsubscribe',
    case: "a mail's link: the same for everybody",
    issue: 20,
    expect: [200, 200, 200, 200],
    request: (f) => ({
      url: '/api/notifications/unsubscribe',
      body: { token: createUnsubscribeTokens(testConfig().jwtSecret).make(f.survey.id) },
    }),
  },
  {
    method: 'POST',
    route: '/api/notifications/unsubscribe',
    case: 'a forged token',
    issue: 20,
    expect: [400, 400, 400, 400],
    request: (f) => ({
      url: '/api/notifications/unsubscribe',
      body: { token: `${Buffer.from(f.survey.id).toString('base64url')}.bm90LWEtc2lnbmF0dXJl` },
    }),
  },

  // --- Teams: workspaces (issue 24) --------------------------------------------------------------
  // Signed-in users with a session only: administrators are in no workspace (401 as on other user routes), and
  // an API key never manages workspaces, members or invitations (403). Owners manage; editors and viewers read
  // the members; anyone else gets 404, as for an unknown workspace.
  {
    method: 'GET',
    route: '/api/workspaces',
    issue: 24,
    expect: [401, 200, 200, 401],
    request: () => ({ url: '/api/workspaces' }),
  },
  {
    method: 'POST',
    route: '/api/workspaces',
    issue: 24,
    expect: [401, 201, 201, 401],
    request: () => ({ url: '/api/workspaces', body: { name: 'Matrix workspace' } }),
  },
  {
    method: 'PATCH',
    route: '/api/workspaces/:workspaceId',
    issue: 24,
    ...decidedBy('manage-workspace', 200, 401),
    request: (f) => ({ url: w(f), body: { name: 'Renamed team' } }),
  },
  {
    method: 'PATCH',
    route: '/api/workspaces/:workspaceId',
    case: "the caller's personal workspace",
    issue: 24,
    expect: [401, 409, 409, 401],
    team: [409, 409],
    request: (f, caller) => ({ url: personalOf(f, caller), body: { name: 'Renamed' } }),
  },
  {
    method: 'DELETE',
    route: '/api/workspaces/:workspaceId',
    issue: 24,
    ...decidedBy('manage-workspace', 204, 401),
    request: (f) => ({ url: w(f) }),
  },
  {
    method: 'GET',
    route: '/api/workspaces/:workspaceId/members',
    issue: 24,
    expect: [401, 200, 404, 401],
    team: [200, 200],
    request: (f) => ({ url: `${w(f)}/members` }),
  },
  {
    method: 'PATCH',
    route: '/api/workspaces/:workspaceId/members/:userId',
    case: 'the viewer becomes an editor',
    issue: 24,
    ...decidedBy('manage-workspace', 200, 401),
    request: (f) => ({ url: `${w(f)}/members/${f.viewer.id}`, body: { role: 'editor' } }),
  },
  {
    method: 'DELETE',
    route: '/api/workspaces/:workspaceId/members/:userId',
    case: 'the viewer (for the viewer: leaving)',
    issue: 24,
    ...decidedBy('manage-workspace', 204, 401),
    // The viewer removes themself: leaving is any member's.
    team: [statusOf('editor', 'manage-workspace', 204), 204],
    request: (f) => ({ url: `${w(f)}/members/${f.viewer.id}` }),
  },
  {
    method: 'POST',
    route: '/api/workspaces/:workspaceId/invitations',
    issue: 24,
    ...decidedBy('manage-workspace', 201, 401),
    request: (f) => ({ url: `${w(f)}/invitations`, body: { email: uniqueEmail('invited'), role: 'viewer' } }),
  },
  {
    method: 'GET',
    route: '/api/workspaces/:workspaceId/invitations',
    issue: 24,
    withInvitation: true,
    ...decidedBy('manage-workspace', 200, 401),
    request: (f) => ({ url: `${w(f)}/invitations` }),
  },
  {
    method: 'DELETE',
    route: '/api/workspaces/:workspaceId/invitations/:invitationId',
    issue: 24,
    withInvitation: true,
    ...decidedBy('manage-workspace', 204, 401),
    request: (f) => ({ url: `${w(f)}/invitations/${f.invitationId}` }),
  },
  {
    method: 'GET',
    route: '/api/invitations/:token',
    case: "a pending invitation's link: the same for everybody",
    issue: 24,
    withInvitation: true,
    expect: [200, 200, 200, 200],
    request: (f) => ({ url: `/api/invitations/${f.invitationToken}` }),
  },
  {
    method: 'POST',
    route: '/api/invitations/:token/accept',
    case: "the other user's invitation: theirs alone to accept",
    issue: 24,
    withInvitation: true,
    expect: [401, 403, 200, 401],
    team: [403, 403],
    request: (f) => ({ url: `/api/invitations/${f.invitationToken}/accept` }),
  },
];
