import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What the workspaces (and an account's deletion) need of the surveys kept in a workspace, without importing the
 * modules that own them (docs/architecture.md, "Seams"): the workspaces module sits below the surveys, whose access
 * rules read its memberships. `src/workspace-surveys.ts` makes it from the surveys, responses, shares and webhooks
 * modules and the response projections; buildApp hands it over in the context.
 */
export interface WorkspaceSurveys {
  /**
   * The active surveys `userId` launched, in every workspace, at `now` (one past its closing time is closed
   * already): what the active limit counts.
   */
  countActive(db: Kysely<Database> | Transaction<Database>, userId: string, now: string): Promise<number>;
  /**
   * Removes for good every survey in the workspaces (a personal workspace's id is its owner's id) with all its
   * data, inside the caller's transaction. Answers how many surveys and responses went.
   */
  removeAll(
    trx: Transaction<Database>,
    workspaceIds: readonly string[],
  ): Promise<{ surveys: number; responses: number }>;
}
