import { z } from 'zod';
import { surveyIdParamsSchema } from './surveys';
import { VISIT_ID_PATTERN } from './visit-rules';

// ---------------------------------------------------------------------------
// The public page's funnel: POST /api/surveys/:surveyId/visits, then …/visits/:visitId/progress
// ---------------------------------------------------------------------------

/** A visit's id, as POST …/visits gave it. */
export const visitIdSchema = z
  .string({ error: 'visitId must be text' })
  .regex(VISIT_ID_PATTERN, { error: 'visitId must be the id POST /visits answered' });

/** POST /api/surveys/:surveyId/visits → 201: the public page was opened (a view). No answer is stored. */
export const createVisitResponseSchema = z.object({ visitId: z.string() });
export type CreateVisitResponse = z.infer<typeof createVisitResponseSchema>;

export const visitParamsSchema = surveyIdParamsSchema.extend({ visitId: visitIdSchema });

/**
 * POST /api/surveys/:surveyId/visits/:visitId/progress → 204: the respondent reached `questionId` (each question
 * counts once per visit; reaching it also counts the question shown before it as answered). Only the question id
 * is sent, never an answer.
 */
export const visitProgressBodySchema = z.object({ questionId: z.string().min(1).max(100) }).strict();
export type VisitProgressBody = z.infer<typeof visitProgressBodySchema>;
