import { z } from 'zod';

/** Every error the API returns has this body, whatever the status. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  /** Present on 5xx answers so a person can quote it; the log carries the same id. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Machine-readable error codes. Messages are for people; codes are for code. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'EMAIL_TAKEN',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_LOCKED',
  'INVALID_CREDENTIALS',
  'INVALID_TOKEN',
  'ACTIVE_LIMIT_REACHED',
  'SURVEY_LIMIT_REACHED',
  'INVALID_TRANSITION',
  'SURVEY_NOT_EDITABLE',
  'BOT_CHECK_FAILED',
  'BOT_CHECK_UNAVAILABLE',
  'AI_PROVIDER_ERROR',
  'SERVICE_UNAVAILABLE',
  'REQUEST_TIMEOUT',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
