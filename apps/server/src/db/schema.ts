import type { ColumnType } from 'kysely';
import type {
  AuditEventType,
  NotifyOnResponse,
  QuestionType,
  SurveyGenerator,
  SurveyState,
  UserType,
  WorkspaceRole,
} from '@quorum/contract';

/**
 * Kysely table types. Portable storage conventions (see docs/decisions/003-database.md):
 * ids are application-made text (UUIDv7), timestamps are ISO-8601 UTC text, booleans are
 * integers 0/1, lists and objects are JSON text. Enum-like columns are text typed with the
 * contract's values, so writing any other value fails to compile.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  email_verified_at: string | null;
  token_version: number;
  created_at: string;
  updated_at: string;
}

export interface AdminsTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  token_version: number;
  created_at: string;
  updated_at: string;
}

/**
 * Failed-login bookkeeping per scope (the kind of account), email and client address; the row with address '*'
 * counts the email's failures from every address together.
 */
export interface LoginAttemptsTable {
  scope: UserType;
  email: string;
  address: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

/**
 * Verification links (only the token's SHA-256 is kept). Each carries the name and password hash chosen in the
 * registration that made it, applied to the account when that link is opened; null applies nothing.
 */
export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  pending_name: string | null;
  pending_password_hash: string | null;
}

/**
 * Password reset links (only the token's SHA-256 is kept): single-use, valid until `expires_at`. A used or
 * voided link keeps its row (it still counts towards the account's mails per hour) until the sweep.
 */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Session tokens revoked by signing out, by their `jti`, kept until the token would have expired. */
export interface RevokedTokensTable {
  jti: string;
  expires_at: string;
}

export interface SurveysTable {
  id: string;
  user_id: string;
  project_name: string;
  project_id: string;
  title: string;
  branding_image_url: string | null;
  state: SurveyState;
  generator: SurveyGenerator;
  response_count: number;
  created_at: string;
  updated_at: string;
  /** ISO UTC: before it, submissions are refused (403); null: open as soon as active. */
  opens_at: string | null;
  /** ISO UTC: from it on, submissions are refused and the periodic close sets the state closed; null: never. */
  closes_at: string | null;
  /** The most responses the survey takes; reaching it closes the survey. Null: no limit. */
  response_limit: number | null;
  /** 1: one response per respondent id (the runner's random id per browser). */
  one_response_per_browser: number;
  /** JSON array of the hidden field names the public link may carry. */
  hidden_fields: string;
  /** JSON welcome screen { title, text, buttonLabel }; null for none. */
  welcome: string | null;
  /** JSON thank-you screen { title, text, redirectUrl }; null for the product's own. */
  thank_you: string | null;
  /** How many of the survey's webhooks are enabled: a submission looks for webhooks only when this is above 0. */
  webhook_count: number;
  /** Email to the owner about new responses. */
  notify_on_response: NotifyOnResponse;
  /** ISO UTC: when the last daily digest was written to the mail outbox; null before the first. */
  digest_sent_at: string | null;
  /** The survey's workspace: a team workspace's id, or (personal) the id of the account whose workspace it is. */
  workspace_id: string;
  /** Goes up by one with every save (`PUT`); a save naming an older one is refused. */
  version: number;
  /** Who saved it last (a user id); null until a save after creation. */
  updated_by: string | null;
  /** Who last launched it (made it active): the active limit counts per person who launches, across workspaces. */
  launched_by: string | null;
  /** The language the author writes in ('en' for surveys made before languages). */
  default_language: string;
  /** JSON object: language code → translation of the survey's texts; null for none. */
  translations: string | null;
}

export interface QuestionsTable {
  survey_id: string;
  id: string;
  position: number;
  text: string;
  type: QuestionType;
  /** JSON array of strings. */
  options: string;
  /** JSON rating scale, rating questions only. */
  rating_scale: string | null;
  is_deleted: number;
  /** 1 unless the author made the question optional. */
  required: number;
  /** Help text shown under the question text; null for none. */
  description: string | null;
  /**
   * JSON object of what the type keeps beyond options and rating scale (allowOther, randomizeOptions,
   * numberRange, dateRange, rows); null for nothing.
   */
  settings: string | null;
  /** JSON array of skip-logic rules; null for none. */
  logic: string | null;
}

export interface ResponsesTable {
  /** UUIDv7: time-ordered, so it doubles as the pagination key. */
  id: string;
  survey_id: string;
  submitted_at: string;
  /** JSON object: question id → answer. */
  answers: string;
  /** JSON object: hidden field name → value; null for none. */
  hidden_fields: string | null;
  /** The browser's random id on surveys with one response per browser; unique per survey; null for none. */
  respondent_id: string | null;
  /** Milliseconds from opening the public page (the visit) to submitting; null without a visit. */
  duration_ms: number | null;
  /** The visit this response ended; null for none. */
  visit_id: string | null;
  /** SHA-256 of the normalised non-empty text answers (the duplicate flag); null for none. */
  text_hash: string | null;
  /**
   * The survey language it was answered in; its answers are in the survey's default language whatever it was.
   * Left out of an insert: 'en' (every response before surveys had languages).
   */
  language: ColumnType<string, string | undefined, string>;
}

/** One opening of a survey's public page. `reached` and `passed`: JSON lists of question ids. */
export interface VisitsTable {
  id: string;
  survey_id: string;
  created_at: string;
  /** Questions the visit reached, each once. */
  reached: string;
  /** Questions the visit went on from (to another question or to submit), each once. */
  passed: string;
  completed_at: string | null;
  response_id: string | null;
}

/** The funnel's running counts per survey. */
export interface SurveyFunnelTable {
  survey_id: string;
  views: number;
  starts: number;
  completions: number;
}

/** Per question: visits that reached it, and visits that went on from it. */
export interface QuestionDropoffTable {
  survey_id: string;
  question_id: string;
  reached: number;
  answered: number;
}

/** Completions per whole second from opening the page to submitting: the median's counters. */
export interface CompletionTimesTable {
  survey_id: string;
  seconds: number;
  count: number;
}

/** Responses per quarter hour (`quarter` = epoch milliseconds ÷ 900,000, rounded down). */
export interface ResponseTimelineTable {
  survey_id: string;
  quarter: number;
  count: number;
}

/** A survey's read-only report link: found by the token's SHA-256; the sealed token shows the owner the link again. */
export interface ResultSharesTable {
  survey_id: string;
  token_hash: string;
  token_box: string;
  include_text_answers: number;
  created_at: string;
}

/** How many responses gave each answer to each question; kept up to date on every submit. */
export interface AnswerCountsTable {
  survey_id: string;
  question_id: string;
  answer: string;
  count: number;
}

/**
 * A respondent's own "Other" text to a question that offers "Other", one row per response and question: what its
 * "Other" count counted. Kept with the response (written and deleted in the same transaction); response ids are
 * UUIDv7, so the primary key lists a question's newest texts first when read backwards.
 */
export interface OtherTextsTable {
  survey_id: string;
  question_id: string;
  response_id: string;
  text: string;
}

/**
 * How many responses answered each question, how many had it on their path (answered or skipped), and the sum
 * of ratings for averages.
 */
export interface QuestionTotalsTable {
  survey_id: string;
  question_id: string;
  answered: number;
  rating_sum: number;
  seen: number;
}

/** One security-relevant event; appended, never changed (pruned after AUDIT_RETENTION_DAYS). */
export interface AuditLogTable {
  /** UUIDv7: time-ordered, so it doubles as the pagination key. */
  id: string;
  occurred_at: string;
  type: AuditEventType;
  /** Null for an anonymous client. */
  actor_id: string | null;
  actor_role: UserType | null;
  address: string | null;
  target_type: 'user' | 'admin' | 'survey' | 'email' | 'workspace' | null;
  target_id: string | null;
  /** JSON object of small readable facts. */
  details: string;
}

/** Which account a provider's subject signs in to, on the user or the administrator side. */
export interface SsoIdentitiesTable {
  issuer: string;
  subject: string;
  side: UserType;
  account_id: string;
  created_at: string;
}

/** A single sign-on in progress: what the provider's answer must match. Used once, within minutes. */
export interface SsoStatesTable {
  /** SHA-256 of the `state` sent to the provider. */
  state_hash: string;
  side: UserType;
  nonce: string;
  /** The PKCE verifier; its challenge went to the provider. */
  code_verifier: string;
  /** SHA-256 of the browser's sign-in cookie: only the browser that started may finish. */
  browser_hash: string;
  expires_at: string;
  created_at: string;
}

/** A one-time code that the browser trades for a session after a single sign-on. Used once, within a minute. */
export interface SsoCodesTable {
  code_hash: string;
  side: UserType;
  account_id: string;
  browser_hash: string;
  expires_at: string;
  created_at: string;
}

/**
 * Two-factor sign-in of one account (users and administrators alike: `role` names the table of `account_id`).
 * Secrets are AES-256-GCM ciphertexts (see two-factor/secret-box.ts), never the secret itself.
 */
export interface TwoFactorTable {
  role: UserType;
  account_id: string;
  /** The secret in force; null while two-factor sign-in is off. */
  secret: string | null;
  /** A secret from setup, waiting for a code that proves the app has it. */
  pending_secret: string | null;
  /** The newest time step whose code was accepted: that code and every older one are refused. */
  last_used_step: number | null;
  enabled_at: string | null;
  updated_at: string;
}

/** Single-use recovery codes: their SHA-256 only. */
export interface TwoFactorRecoveryCodesTable {
  role: UserType;
  account_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  /** The key's first characters, shown to tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole key, hex: the only form the key is kept in. */
  key_hash: string;
  /** JSON list of ApiKeyScope. */
  scopes: string;
  created_at: string;
  last_used_at: string | null;
}

export interface WebhooksTable {
  id: string;
  survey_id: string;
  url: string;
  /** JSON list of WebhookEvent. */
  events: string;
  /** The signing secret, sealed with the server's secret box (context: the webhook id). */
  secret_box: string;
  enabled: number;
  disabled_reason: string | null;
  /** Deliveries in a row that failed for good; back to 0 on a success. */
  failure_streak: number;
  created_at: string;
  updated_at: string;
}

/** Both outboxes' row states. */
export type OutboxStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  survey_id: string;
  /** A WebhookEvent, or 'webhook.test'. */
  event: string;
  /** The JSON body, fixed when the event happened. */
  payload: string;
  status: OutboxStatus;
  attempt_count: number;
  /** ISO UTC: when it is due (again); null once delivered or failed. */
  next_attempt_at: string | null;
  /** ISO UTC: an instance claimed it until then; another takes it only after. */
  locked_until: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_snippet: string | null;
}

export interface MailOutboxTable {
  id: string;
  /** What mail it is (MailJobKind); `payload` holds what it needs. */
  kind: string;
  /** The account it goes to (its address is read when it is sent). */
  user_id: string;
  payload: string;
  status: OutboxStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/**
 * A team workspace. Personal workspaces have no row: their id is their owner's user id (see
 * docs/decisions/037-workspaces.md).
 */
export interface WorkspacesTable {
  id: string;
  name: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** A member of a team workspace and their role. */
export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  role: WorkspaceRole;
  created_at: string;
}

/**
 * An invitation to a team workspace, by email. Only the token's SHA-256 is kept. Single-use: `accepted_at` (and
 * `accepted_by`) or `revoked_at` end it, as does `expires_at` passing.
 */
export interface WorkspaceInvitationsTable {
  id: string;
  workspace_id: string;
  email: string;
  role: WorkspaceRole;
  token_hash: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
}

export interface Database {
  users: UsersTable;
  admins: AdminsTable;
  login_attempts: LoginAttemptsTable;
  email_verifications: EmailVerificationsTable;
  password_resets: PasswordResetsTable;
  revoked_tokens: RevokedTokensTable;
  surveys: SurveysTable;
  questions: QuestionsTable;
  responses: ResponsesTable;
  answer_counts: AnswerCountsTable;
  other_texts: OtherTextsTable;
  question_totals: QuestionTotalsTable;
  visits: VisitsTable;
  survey_funnel: SurveyFunnelTable;
  question_dropoff: QuestionDropoffTable;
  completion_times: CompletionTimesTable;
  response_timeline: ResponseTimelineTable;
  result_shares: ResultSharesTable;
  audit_log: AuditLogTable;
  sso_identities: SsoIdentitiesTable;
  sso_states: SsoStatesTable;
  sso_codes: SsoCodesTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  api_keys: ApiKeysTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  mail_outbox: MailOutboxTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invitations: WorkspaceInvitationsTable;
}
