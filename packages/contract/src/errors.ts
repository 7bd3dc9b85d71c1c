import { z } from 'zod';
import { errorCodes } from './error-messages';

export * from './error-messages';

// ---------------------------------------------------------------------------
// The error body
// ---------------------------------------------------------------------------

export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** Every error the API returns has this body, whatever the status. */
export const errorBodySchema = z.object({
  /** The English text, for people (and for clients without a translation of `code`). */
  message: z.string(),
  code: z.enum(errorCodes),
  /** The numbers and names `message` is made of; absent when there are none. */
  params: errorParamsSchema.optional(),
  /** Present on 5xx answers so a person can quote it; the log carries the same id. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
