import { errorDetail, type ErrorDetail, type ErrorCode, type ErrorParams, type ErrorParamsArg } from '@quorum/contract';

/**
 * An error meant for the client: its status, its code and params, and the English message the contract's catalog
 * makes of them. The error handler sends `{ message, code, params }` as they are.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly params: ErrorParams | undefined;
  /** Headers sent with the answer (Retry-After on a rate limit or a lock). */
  headers: Record<string, string> = {};

  constructor(
    readonly statusCode: number,
    code: C,
    ...params: ErrorParamsArg<C>
  ) {
    const detail = errorDetail(code, ...params);
    super(detail.message);
    this.name = new.target.name;
    this.code = code;
    this.params = detail.params;
  }

  /** The error for what the contract already decided (a refused response, say), answered with `statusCode`. */
  static of(statusCode: number, detail: ErrorDetail): AppError {
    return new AppError(statusCode, detail.code, ...([detail.params] as ErrorParamsArg<ErrorCode>));
  }

  /** The answer's body. */
  toBody(): ErrorDetail {
    return this.params
      ? { message: this.message, code: this.code, params: this.params }
      : { message: this.message, code: this.code };
  }
}

// The status helpers: each takes a code of the catalog and its params.

export class BadRequestError<C extends ErrorCode> extends AppError<C> {
  constructor(code: C, ...params: ErrorParamsArg<C>) {
    super(400, code, ...params);
  }
}
export class UnauthorizedError<C extends ErrorCode = 'UNAUTHORIZED'> extends AppError<C> {
  constructor(code: C = 'UNAUTHORIZED' as C, ...params: ErrorParamsArg<C>) {
    super(401, code, ...params);
  }
}
export class ForbiddenError<C extends ErrorCode> extends AppError<C> {
  constructor(code: C, ...params: ErrorParamsArg<C>) {
    super(403, code, ...params);
  }
}
export class NotFoundError<C extends ErrorCode> extends AppError<C> {
  constructor(code: C, ...params: ErrorParamsArg<C>) {
    super(404, code, ...params);
  }
}
export class ConflictError<C extends ErrorCode> extends AppError<C> {
  constructor(code: C, ...params: ErrorParamsArg<C>) {
    super(409, code, ...params);
  }
}
export class UnprocessableError<C extends ErrorCode> extends AppError<C> {
  constructor(code: C, ...params: ErrorParamsArg<C>) {
    super(422, code, ...params);
  }
}
export class ServiceUnavailableError<C extends ErrorCode> extends AppError<C> {
  constructor(code: C, ...params: ErrorParamsArg<C>) {
    super(503, code, ...params);
  }
}

/** The rate-limit codes: their texts name no number, and their params are `{ retryAfterSeconds }`. */
type RateLimitCode =
  | 'RATE_LIMITED'
  | 'LOGIN_RATE_LIMITED'
  | 'SUBMIT_RATE_LIMITED'
  | 'SURVEY_WRITE_RATE_LIMITED'
  | 'GENERATE_RATE_LIMITED'
  | 'TRANSLATE_RATE_LIMITED'
  | 'AI_RATE_LIMITED';

/** 429: `retryAfterSeconds` (rounded up) is sent both as the Retry-After header and as a param, when known. */
export class TooManyRequestsError extends AppError<RateLimitCode> {
  constructor(code: RateLimitCode, retryAfterSeconds?: number) {
    const seconds = retryAfterSeconds && retryAfterSeconds > 0 ? Math.ceil(retryAfterSeconds) : undefined;
    super(429, code, seconds ? { retryAfterSeconds: seconds } : undefined);
    if (seconds) this.headers = { 'retry-after': String(seconds) };
  }
}

/** 423 Locked: logins for this account are refused until the lock ends, whatever the password. */
export class AccountLockedError extends AppError<'ACCOUNT_LOCKED' | 'ADMIN_ACCOUNT_LOCKED'> {
  constructor(code: 'ACCOUNT_LOCKED' | 'ADMIN_ACCOUNT_LOCKED', minutesLeft: number) {
    super(423, code, { minutes: minutesLeft });
    this.headers = { 'retry-after': String(minutesLeft * 60) };
  }
}
