import type { Survey, WorkspaceRole } from '@quorum/contract';
import { seesCreator, type Actor } from './survey-policy';
import { findPeople, type SurveyPeopleRow, type SurveyRow } from './surveys.repository';

/** What a survey is shown with besides its row: who made and last saved it, and the reader's role. */
export interface SurveyView {
  /** The creator's name and email: administrators only (see seesCreator). */
  creator?: Survey['creator'];
  createdBy: Survey['createdBy'];
  updatedBy: Survey['updatedBy'];
  /** The reader's role in the survey's workspace; null for an administrator. */
  role: WorkspaceRole | null;
}

/** A survey's view from the names read with it (null where an account is gone). */
export function viewOf(
  row: SurveyRow,
  people: SurveyPeopleRow,
  role: WorkspaceRole | null,
  withCreator: boolean,
): SurveyView {
  const creatorName = people.creator_id === null ? null : people.creator_name;
  return {
    ...(withCreator && people.creator_id !== null
      ? { creator: { id: people.creator_id, name: people.creator_name ?? '', email: people.creator_email ?? '' } }
      : {}),
    createdBy: creatorName === null ? null : { id: row.user_id, name: creatorName },
    updatedBy:
      row.updated_by === null || people.updater_name === null
        ? null
        : { id: row.updated_by, name: people.updater_name },
    role,
  };
}

/**
 * How `actor` is shown `row`: who made it and who saved it last (one query for both), and the actor's role.
 * Inside a transaction pass it as `executor` (SQLite has one connection).
 */
export async function viewFor(
  actor: Actor,
  executor: Parameters<typeof findPeople>[0],
  row: SurveyRow,
  role: WorkspaceRole | null,
): Promise<SurveyView> {
  const people = await findPeople(executor, [row.user_id, row.updated_by]);
  const creator = people.get(row.user_id);
  const updater = row.updated_by === null ? undefined : people.get(row.updated_by);
  const names: SurveyPeopleRow = {
    creator_id: creator ? row.user_id : null,
    creator_name: creator?.name ?? null,
    creator_email: creator?.email ?? null,
    updater_name: updater?.name ?? null,
  };
  return viewOf(row, names, role, seesCreator(actor));
}
