import { z } from 'zod';
import { responseRowSchema } from './results';
import { questionSchema, surveySchema } from './surveys';

// ---------------------------------------------------------------------------
// DELETE /api/user/account: the account and everything it owns, for good
// ---------------------------------------------------------------------------

export const deleteAccountBodySchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(256),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

export const ACCOUNT_MESSAGES = {
  deleted: 'Your account and all its surveys and responses have been deleted.',
} as const;

export const deleteAccountResponseSchema = z.object({ message: z.string() });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

// ---------------------------------------------------------------------------
// GET /api/user/account/export: a JSON file with everything the account holds
// ---------------------------------------------------------------------------

/** The export's format version: bumped when a field changes meaning or goes away (new fields do not bump it). */
export const ACCOUNT_EXPORT_VERSION = 1;

export const accountExportProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerifiedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** One survey as the owner sees it, with the questions removed since (answers may still name them) and every response. */
export const accountExportSurveySchema = surveySchema.omit({ creator: true }).extend({
  /** Questions removed from the survey after responses answered them; those answers refer to them. */
  deletedQuestions: z.array(questionSchema),
  /** Every response, oldest first. */
  responses: z.array(responseRowSchema),
});
export type AccountExportSurvey = z.infer<typeof accountExportSurveySchema>;

export const accountExportSchema = z.object({
  version: z.literal(ACCOUNT_EXPORT_VERSION),
  exportedAt: z.string(),
  profile: accountExportProfileSchema,
  /** Every survey the account owns, deleted ones included, oldest first. */
  surveys: z.array(accountExportSurveySchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The download's file name: the date it was made, so several exports do not overwrite each other. */
export function accountExportFileName(exportedAt: string): string {
  return `quorum-account-${exportedAt.slice(0, 10)}.json`;
}
