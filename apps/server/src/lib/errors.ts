import type { ErrorCode } from '@quorum/contract';

/** An error meant for the client: its status, code and message are sent as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code: ErrorCode = 'BAD_REQUEST') {
    super(400, code, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required', code: ErrorCode = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string, code: ErrorCode = 'FORBIDDEN') {
    super(403, code, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found', code: ErrorCode = 'NOT_FOUND') {
    super(404, code, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = 'CONFLICT') {
    super(409, code, message);
  }
}
export class UnprocessableError extends AppError {
  constructor(message: string, code: ErrorCode = 'UNPROCESSABLE') {
    super(422, code, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds?: number, code: ErrorCode = 'RATE_LIMITED') {
    super(429, code, message, retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : {});
  }
}
/** 423 Locked: logins for this account are refused until the lock ends, whatever the password. */
export class AccountLockedError extends AppError {
  constructor(message: string, minutesLeft: number) {
    super(423, 'ACCOUNT_LOCKED', message, { 'retry-after': String(minutesLeft * 60) });
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message: string, code: ErrorCode = 'SERVICE_UNAVAILABLE') {
    super(503, code, message);
  }
}
