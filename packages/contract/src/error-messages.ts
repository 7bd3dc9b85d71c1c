// The error catalog, free of zod on purpose: the public survey page reads its texts, and it must stay tiny.

// ---------------------------------------------------------------------------
// The error catalog: one stable code per distinct error, with its English text
// ---------------------------------------------------------------------------

/**
 * Every error the API sends, by code, with its English text. A `{name}` placeholder is filled from the error's
 * params (a number is written with English digit grouping: 1,000); `{name, withArticle}` puts "a" or "an" before
 * the value ("a draft", "an active"). Codes are stable: clients and API users branch on them, and a client may
 * show its own translation of `code` with `params` instead of the English `message`.
 *
 * To add an error: add its code and text here, throw it on the server with `new AppError(status, code, params)`
 * (or one of the status helpers), and name its params in the text or in the comment beside it.
 */
export const ERROR_MESSAGES = {
  // Requests the server cannot read or take
  /** Bytes that are not HTTP. */
  MALFORMED_REQUEST: 'Malformed HTTP request',
  /** A URL that does not decode. */
  MALFORMED_URL: 'Malformed URL',
  URI_TOO_LONG: 'The URL is too long',
  HEADERS_TOO_LARGE: 'Request headers are too large',
  REQUEST_TIMEOUT: 'The request took too long to arrive',
  MALFORMED_JSON: 'Malformed JSON in request body',
  EMPTY_JSON_BODY: "Body cannot be empty when content-type is set to 'application/json'",
  BODY_LENGTH_MISMATCH: 'Request body size did not match Content-Length',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported Media Type',
  /** Params: `maxDepth`, the deepest nesting a body may have. */
  BODY_TOO_DEEP: 'Request body is nested too deeply',
  /** PostgreSQL cannot store a NUL character, so neither database is offered one (path, query or body). */
  NUL_CHARACTER: 'Text must not contain NUL characters',
  PAYLOAD_TOO_LARGE: 'Request body is too large',
  /**
   * A body, query or path parameter the route's schema refuses. The message is the schema's own (this text
   * only when there is none); params: `location` (body, querystring, params), `field` (dotted path, '' for the
   * whole), `issue` (zod's issue code) with its numbers and names (`maximum`, `minimum`, `expected`, …), and
   * `rule` when the message is one of the contract's named messages.
   */
  VALIDATION_FAILED: 'Invalid request',
  /** Any other refusal of the framework or a plugin. Params: `status`. */
  BAD_REQUEST: 'The request could not be handled',
  ROUTE_NOT_FOUND: 'No API route {method} {path}',
  /** A request for a file that is not there. */
  FILE_NOT_FOUND: 'File not found',
  /** Any other address outside the API that is not there (a POST to a page, say). */
  NOT_FOUND: 'Not found',
  /** Params of every rate limit: `retryAfterSeconds` (also the Retry-After header). */
  RATE_LIMITED: 'Too many requests. Please try again later.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  DATABASE_UNAVAILABLE: 'The database is not available',
  /**
   * The readiness check failed. Params: `failing`, what failed, comma-separated: `shutting down`, `database`,
   * `redis`.
   */
  NOT_READY: 'This instance is not ready to take requests: {failing}',

  // Accounts and sessions
  UNAUTHORIZED: 'Authentication required',
  INVALID_TOKEN: 'Your session is invalid or has expired. Please log in again.',
  INVALID_CREDENTIALS: 'Invalid email or password',
  EMAIL_NOT_VERIFIED: 'Please verify your email before logging in',
  EMAIL_TAKEN: 'An account with this email already exists',
  ACCOUNT_LOCKED: 'Account locked due to too many failed attempts. Try again in {minutes} minutes.',
  ADMIN_ACCOUNT_LOCKED: 'Account locked. Try again in {minutes} minutes.',
  LOGIN_RATE_LIMITED: 'Too many login attempts. Please try again later.',
  CURRENT_PASSWORD_INCORRECT: 'Current password is incorrect',
  /** Deleting an account asks for its password; a wrong one deletes nothing. */
  DELETE_ACCOUNT_PASSWORD_INCORRECT: 'The password is incorrect. Your account was not deleted.',
  VERIFICATION_LINK_INVALID: 'The verification link is invalid or has expired',
  PASSWORD_RESET_LINK_INVALID: 'This password reset link is invalid or has expired. Please ask for a new one.',
  PASSWORD_RESET_LINK_USED: 'This password reset link has already been used. Please ask for a new one if you need it.',
  BOT_CHECK_FAILED: 'Bot check failed. Please try again.',
  BOT_CHECK_UNAVAILABLE: 'Bot check is unavailable. Please try again later.',
  ADMIN_EMAIL_TAKEN: 'An administrator with the email {email} already exists',
  /** The single sign-on routes while OIDC_ISSUER and its client are not configured. */
  SSO_DISABLED: 'Single sign-on is not enabled',
  /** The one-time code from the single sign-on redirect: unknown, used, expired, or from another browser. */
  SSO_CODE_INVALID: 'This sign-in has expired or was already used. Please sign in again.',

  // Two-factor sign-in
  /** A wrong, reused or malformed authenticator or recovery code. */
  TWO_FACTOR_CODE_INVALID: 'The code is not valid. Check your authenticator app and try again.',
  /** The ticket between password and code is missing, forged, of another account state, or over 5 minutes old. */
  MFA_TOKEN_INVALID: 'Your sign-in took too long or is no longer valid. Please log in again.',
  TWO_FACTOR_ALREADY_ENABLED: 'Two-factor sign-in is already on',
  TWO_FACTOR_NOT_ENABLED: 'Two-factor sign-in is not on',
  TWO_FACTOR_NOT_SET_UP: 'Start the two-factor setup first',
  PASSWORD_INCORRECT: 'The password is incorrect',

  // Surveys
  SURVEY_NOT_FOUND: 'Survey not found',
  SURVEY_NOT_EDITABLE: 'Only draft and active surveys can be edited',
  ADMIN_CANNOT_CREATE: 'Administrators cannot create surveys',
  ADMIN_CANNOT_EDIT: 'Administrators cannot edit surveys',
  /** Params of the three refused state changes: `from` and `to`. */
  INVALID_TRANSITION: 'Cannot change {from, withArticle} survey to {to}',
  SURVEY_ALREADY_IN_STATE: 'The survey is already {to}',
  ADMIN_CANNOT_CHANGE_STATE: 'Administrators can only restore deleted surveys to draft',
  /** Params: `limit`, the active surveys a user may have. */
  ACTIVE_LIMIT_REACHED: 'Maximum active surveys limit reached',
  /**
   * 409: launching or resuming a survey whose closing time has passed (it would read closed at once). Params:
   * `closesAt`, the survey's closing time (an ISO date-time).
   */
  SURVEY_CLOSING_TIME_PASSED: 'The closing time of this survey has passed; change it in the settings first',
  SURVEY_LIMIT_REACHED:
    'You have reached the limit of {limit} surveys. Delete surveys you no longer need to create new ones.',
  SURVEY_WRITE_RATE_LIMITED: 'You are saving surveys too quickly. Please wait a minute and try again.',

  // Responses: a submission the survey refuses
  SUBMIT_RATE_LIMITED: 'Too many responses from this address. Please try again in a minute.',
  NO_ANSWERS: 'Please answer every question before submitting',
  ANSWER_MISSING: 'Every question must be answered: question {position} has no answer',
  ANSWER_REPEATED: 'Question {position} is answered more than once',
  UNKNOWN_QUESTION: 'This survey has no question with id "{questionId}"',
  /** `reason` is the question type's own words ("must not be empty"). */
  ANSWER_INVALID: 'The answer to question {position} {reason}',
  ANSWER_OFF_PATH: 'Question {position} is not on the path these answers take, so it cannot be answered',
  /** 409: a survey with oneResponsePerBrowser already holds a response with this respondentId. */
  ALREADY_RESPONDED: 'You have already responded to this survey',
  /** 400: a survey with oneResponsePerBrowser takes a response only with the browser's respondentId. */
  RESPONDENT_ID_REQUIRED: 'This survey takes one response per browser: the response must carry a respondentId',
  /** 403: before the survey's opensAt (an ISO date-time). */
  SURVEY_NOT_OPEN_YET: 'This survey opens on {opensAt}',
  /** 400: a hidden field the survey does not declare. */
  HIDDEN_FIELD_UNKNOWN: 'This survey has no hidden field "{key}"',
  /** 400: a response or a results filter in a language the survey is not offered in. */
  LANGUAGE_NOT_OFFERED: 'This survey is not offered in "{language}"',
  /** 404: a visit id this survey did not give (POST …/visits/:visitId/progress). */
  VISIT_NOT_FOUND: 'Visit not found',
  /**
   * 409: progress for a question that cannot follow the ones the visit reached (see canFollow). Params:
   * `questionId`.
   */
  VISIT_PROGRESS_OUT_OF_ORDER: 'Question "{questionId}" cannot follow the questions this visit has reached',
  /** 409: progress for a visit opened longer ago than a visit lasts. Params: `hours`. */
  VISIT_EXPIRED: 'This visit is over: a visit takes progress for {hours} hours',

  // Results
  /** 403: administrators read every response but do not delete them. */
  ADMIN_CANNOT_DELETE_RESPONSES: 'Administrators cannot delete responses',
  /** 403: only the owner shares a survey's results or revokes the link. */
  ADMIN_CANNOT_SHARE_RESULTS: 'Only the owner can share these results',
  /** 400: a results filter whose operator does not fit its question's type (see logicOperatorsFor). */
  FILTER_OPERATOR_INVALID: 'The condition "{operator}" cannot be used on question "{questionId}"',
  /** 400: a results filter that compares an answer without a value to compare it with. */
  FILTER_VALUE_MISSING: 'The condition "{operator}" on question "{questionId}" needs a value',
  /** 404: no response with this id in this survey (GET/DELETE …/responses/:responseId). */
  RESPONSE_NOT_FOUND: 'Response not found',
  /** 404: a question id the survey never had (…/results/insights?questionId=). */
  QUESTION_NOT_FOUND: 'This survey has no question with id "{questionId}"',
  /** 400: insights read text answers and "Other" texts only. */
  INSIGHTS_NOT_AVAILABLE: 'Insights are for text questions and questions with "Other" only',
  /** 503: every insights worker is busy and the queue is full; the Retry-After header says when to try again. */
  INSIGHTS_BUSY: 'Insights are busy reading other answers. Please try again in a moment.',
  /** 404: a shared report link that was revoked, or never made. */
  SHARED_RESULTS_NOT_FOUND: 'This shared report does not exist or is no longer shared',

  // API keys
  /** 403: a key without the scope the route needs. Params: `scope`. */
  API_KEY_SCOPE_MISSING: 'This API key does not have the "{scope}" scope',
  /** 403: keys never manage keys, change the password, reach the profile or the admin API. */
  API_KEY_NOT_ALLOWED: 'API keys cannot be used here; sign in instead',
  /** 404: no key with this id among the caller's. */
  API_KEY_NOT_FOUND: 'API key not found',
  /** 409. Params: `limit`. */
  API_KEY_LIMIT_REACHED: 'You can have at most {limit} API keys. Delete one you no longer need first.',
  /** 400: making a key without the password, more than `minutes` after signing in. Params: `minutes`. */
  API_KEY_PASSWORD_REQUIRED: 'Enter your password to create an API key, or sign in again (within {minutes} minutes).',
  /** 400: making a key with a wrong password. */
  API_KEY_PASSWORD_INCORRECT: 'The password is incorrect. No API key was created.',

  // Webhooks
  /** 404: no webhook with this id on this survey. */
  WEBHOOK_NOT_FOUND: 'Webhook not found',
  /** 404: no delivery with this id for this webhook. */
  DELIVERY_NOT_FOUND: 'Delivery not found',
  /** 409. Params: `limit`. */
  WEBHOOK_LIMIT_REACHED: 'A survey can have at most {limit} webhooks',
  /** 400: the URL's host is or resolves to a private, loopback or metadata address. */
  WEBHOOK_URL_NOT_ALLOWED: 'The webhook URL must point to a public address on the internet',
  /** 403: only the owner manages a survey's webhooks. */
  ADMIN_CANNOT_MANAGE_WEBHOOKS: 'Only the owner can manage webhooks',
  /** 409: only a delivery that is not pending can be sent again. */
  DELIVERY_PENDING: 'This delivery is still being sent',

  // Workspaces (Teams)
  /** 404: no workspace with this id among the caller's (a workspace the caller is not in answers the same). */
  WORKSPACE_NOT_FOUND: 'Workspace not found',
  /** 403: the caller's role in the survey's or workspace's workspace does not allow it. Params: `role`. */
  WORKSPACE_ROLE_FORBIDDEN: 'Your role in this workspace ({role}) does not allow this',
  /** 409: personal workspaces have no other members and cannot be renamed or deleted. */
  WORKSPACE_PERSONAL: 'A personal workspace cannot be shared, renamed or deleted',
  /** 409: a change that would leave the workspace without an owner. */
  WORKSPACE_LAST_OWNER: 'A workspace must keep at least one owner',
  /** 409. Params: `limit`. */
  WORKSPACE_LIMIT_REACHED: 'You can belong to at most {limit} workspaces',
  /** 409: members plus pending invitations. Params: `limit`. */
  WORKSPACE_MEMBER_LIMIT: 'A workspace can have at most {limit} members and invitations',
  /** 404: no member with this id in the workspace. */
  WORKSPACE_MEMBER_NOT_FOUND: 'Member not found',
  /** 409: the invited email already belongs to a member. Params: `email`. */
  WORKSPACE_ALREADY_MEMBER: '{email} is already a member of this workspace',
  /** 409: deleting an account that is the only owner of a team workspace with other members. Params: `workspace`. */
  WORKSPACE_SOLE_OWNER:
    'You are the only owner of {workspace}. Make another member an owner, or delete the workspace, first.',
  /** 404: an invitation link that does not exist or was revoked. */
  INVITATION_NOT_FOUND: 'This invitation is not valid',
  /** 410. */
  INVITATION_EXPIRED: 'This invitation has expired. Ask for a new one.',
  /** 409: invitations are single-use. */
  INVITATION_USED: 'This invitation has already been used',
  /** 404: no pending invitation with this id in the workspace. */
  INVITATION_ID_NOT_FOUND: 'Invitation not found',
  /** 403: signed in with another email than the invited one. Params: `email`. */
  INVITATION_EMAIL_MISMATCH: 'This invitation was sent to {email}. Sign in with that email to accept it.',
  /**
   * 409: a save naming an older `version` than the survey's. Params: `version` (the survey's now), `updatedBy` (who
   * saved it last, or "someone else"), `updatedAt`.
   */
  SURVEY_VERSION_CONFLICT: 'This survey was changed by someone else',

  // Email notifications
  /** 400: an unsubscribe token that is malformed, forged, or of a survey that no longer exists. */
  UNSUBSCRIBE_LINK_INVALID: 'This unsubscribe link is not valid',

  // Results
  EXPORT_LINK_EXPIRED: 'This download link has expired or is not valid. Please download again from the results page.',
  /** 401: a download link made with an API key that has since been revoked (or lost its scope). */
  EXPORT_LINK_KEY_REVOKED: 'The API key this download link was made with has been revoked.',

  // Survey generation (the dashboard shows them after "Failed to generate survey: ")
  GENERATE_RATE_LIMITED: 'You have generated many surveys in a short time. Please wait a few minutes and try again.',
  AI_KEY_REJECTED: 'The AI provider rejected the API key',
  AI_UNKNOWN_MODEL: 'The AI provider does not know the configured model',
  AI_RATE_LIMITED: 'The AI provider is rate limiting requests; try again shortly',
  AI_FAILED: 'The AI provider failed to answer (HTTP {status})',
  AI_TIMEOUT: 'The AI provider did not answer in time',
  AI_UNREACHABLE: 'The AI provider could not be reached',
  AI_UNREADABLE: 'The AI provider sent an answer that could not be read',
  AI_UNUSABLE: 'The AI provider returned a survey that could not be used',
  /** `reason` is the provider's own words. */
  AI_REFUSED: 'The AI provider declined to write this survey: {reason}',
  AI_BLOCKED: 'The AI provider declined to write this survey: the idea was blocked by its content filter',

  // Translation with AI (the editor shows them beside "Translate with AI")
  /** 404: no AI provider is configured (AI_BASE_URL and AI_MODEL), so there is nothing to translate with. */
  AI_NOT_CONFIGURED: 'Translating with AI is not available: no AI provider is configured on this server',
  TRANSLATE_RATE_LIMITED:
    'You have asked for many translations in a short time. Please wait a few minutes and try again.',
  AI_TRANSLATION_UNUSABLE: 'The AI provider returned a translation that could not be used',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Machine-readable error codes. Messages are for people; codes are for code. */
export const errorCodes = Object.keys(ERROR_MESSAGES) as [ErrorCode, ...ErrorCode[]];

/** The numbers and names an error's text is made of. */
export type ErrorParams = Readonly<Record<string, string | number>>;

/** The placeholder names in a template: `{name}` and `{name, format}` alike. */
type PlaceholdersOf<T extends string> = T extends `${string}{${infer Inner}}${infer Rest}`
  ? (Inner extends `${infer Name}, ${string}` ? Name : Inner) | PlaceholdersOf<Rest>
  : never;

/** The params an error's text needs; more may be sent (a rate limit's `retryAfterSeconds`, say). */
export type ErrorParamsOf<C extends ErrorCode> = ErrorParams & {
  readonly [Name in PlaceholdersOf<(typeof ERROR_MESSAGES)[C]>]: string | number;
};

/** The params argument for `code`: required when its text has placeholders, optional when it has none. */
export type ErrorParamsArg<C extends ErrorCode> = [PlaceholdersOf<(typeof ERROR_MESSAGES)[C]>] extends [never]
  ? [params?: ErrorParams]
  : [params: ErrorParamsOf<C>];

const PLACEHOLDER = /\{(\w+)(?:, (\w+))?\}/g;

/** The placeholder names in `template`, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/** "a" or "an" before an English word. */
const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/**
 * Fills `{name}` placeholders from `values` (numbers with English digit grouping) and `{name, withArticle}`
 * with the value after "a" or "an". A placeholder without a value stays as it is.
 */
export function formatMessage(template: string, values: ErrorParams): string {
  return template.replace(PLACEHOLDER, (whole, key: string, format: string | undefined) => {
    if (!Object.hasOwn(values, key)) return whole;
    const value = values[key]!;
    const text = typeof value === 'number' ? value.toLocaleString('en-US') : value;
    return format === 'withArticle' ? withArticle(text) : text;
  });
}

/** The English text of an error. */
export function errorMessage<C extends ErrorCode>(code: C, ...[params]: ErrorParamsArg<C>): string {
  return formatMessage(ERROR_MESSAGES[code], params ?? {});
}

/** An error as the API sends it (its body, but for a 5xx answer's request id). */
export interface ErrorDetail {
  message: string;
  code: ErrorCode;
  params?: ErrorParams;
}

/** The English text, code and params (left out when there are none) of an error. */
export function errorDetail<C extends ErrorCode>(code: C, ...[params]: ErrorParamsArg<C>): ErrorDetail {
  const message = formatMessage(ERROR_MESSAGES[code], params ?? {});
  return params && Object.keys(params).length > 0 ? { message, code, params } : { message, code };
}
