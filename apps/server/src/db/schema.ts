import type { QuestionType, SurveyGenerator, SurveyState, UserType } from '@quorum/contract';

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
}

export interface ResponsesTable {
  /** UUIDv7: time-ordered, so it doubles as the pagination key. */
  id: string;
  survey_id: string;
  submitted_at: string;
  /** JSON object: question id → answer. */
  answers: string;
}

/** How many responses gave each answer to each question; kept up to date on every submit. */
export interface AnswerCountsTable {
  survey_id: string;
  question_id: string;
  answer: string;
  count: number;
}

/** How many responses answered each question, and the sum of ratings for averages. */
export interface QuestionTotalsTable {
  survey_id: string;
  question_id: string;
  answered: number;
  rating_sum: number;
}

export interface Database {
  users: UsersTable;
  admins: AdminsTable;
  login_attempts: LoginAttemptsTable;
  email_verifications: EmailVerificationsTable;
  surveys: SurveysTable;
  questions: QuestionsTable;
  responses: ResponsesTable;
  answer_counts: AnswerCountsTable;
  question_totals: QuestionTotalsTable;
}
