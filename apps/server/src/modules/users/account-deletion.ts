import { ACCOUNT_MESSAGES, type DeleteAccountResponse } from '@quorum/contract';
import type { AppContext } from '../../context';
import { announceAccessEnded } from '../../events/live-events';
import { auditActor } from '../../lib/audit';
import { BadRequestError, ConflictError, UnauthorizedError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { Principal } from '../../lib/principal';
import { findAccountById, deleteLoginAttemptsOfEmail } from '../auth';
import { deleteApiKeysOfUser } from '../api-keys';
import { deleteMailOfUser } from '../notifications';
import { deleteSsoIdentitiesOfAccount } from '../sso';
import { deleteTwoFactorRows } from '../two-factor';
import { lockOwner } from '../surveys';
import {
  revokeInvitationsSentBy,
  deleteMembershipsOf,
  listMembershipsOf,
  deleteWorkspaceRows,
  stopNotificationsOfCreator,
} from '../workspaces';
import { deleteEmailVerificationsOfUser } from './email-verifications.repository';
import { deletePasswordResetsOfUser } from './password-resets.repository';
import { deleteUserRow } from './users.repository';

export type AccountDeletionDeps = Pick<AppContext, 'db' | 'audit' | 'clock' | 'liveEvents' | 'workspaceSurveys'>;

/**
 * Deletes a user's account for good, after checking its password: in one transaction, with the user's row locked first
 * (PostgreSQL) so a survey created or launched at the same moment runs wholly before or after, every row that belongs
 * to the account goes, one table at a time. The surveys that go are those of its personal workspace and of the team
 * workspaces it is the only member of (responses, "Other" texts, visits, funnel counters, completion times, timelines,
 * shared report links, webhooks, answer counts, question totals, questions and surveys), and those workspaces with
 * their invitations; its other memberships end, the invitations it sent that are still pending are revoked, and the
 * surveys it created in workspaces that stay, stay with them, their response emails turned off (there is nobody to
 * mail). Then its email verification links, the failed-login counts kept under its email, its password reset links, its
 * two-factor secret and recovery codes, its single sign-on links, and finally the account row (name, email, password
 * hash). With the row gone its tokens answer 401, its public links 404, and the email can register again. A wrong
 * password deletes nothing, nor does being the only owner of a team workspace that has other members (409
 * WORKSPACE_SOLE_OWNER: someone must be made owner, or the workspace deleted, first). The audit entry names the account
 * by id only.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  principal: Principal,
  password: string,
  address: string,
): Promise<DeleteAccountResponse> {
  const { db, audit, clock } = deps;
  const row = await findAccountById(db.kysely, 'user', principal.id);
  if (!row || row.token_version !== principal.tokenVersion) throw new UnauthorizedError('INVALID_TOKEN');
  if (!(await verifyPassword(row.password_hash, password))) {
    throw new BadRequestError('DELETE_ACCOUNT_PASSWORD_INCORRECT');
  }
  const removed = await db.kysely.transaction().execute(async (trx) => {
    if (!(await lockOwner(trx, db.dialect, row.id))) return undefined;
    const memberships = await listMembershipsOf(trx, row.id);
    const soleOwned = memberships.find((m) => m.role === 'owner' && m.owners === 1 && m.members > 1);
    if (soleOwned) throw new ConflictError('WORKSPACE_SOLE_OWNER', { workspace: soleOwned.name });
    const alone = memberships.filter((m) => m.members === 1).map((m) => m.workspace_id);
    const { surveys, responses } = await deps.workspaceSurveys.removeAll(trx, [row.id, ...alone]);
    await deleteWorkspaceRows(trx, alone);
    await deleteMembershipsOf(trx, row.id);
    await revokeInvitationsSentBy(trx, row.id, clock.now().toISOString());
    await stopNotificationsOfCreator(trx, row.id);
    await deleteMailOfUser(trx, row.id);
    await deleteApiKeysOfUser(trx, row.id);
    await deleteEmailVerificationsOfUser(trx, row.id);
    await deleteLoginAttemptsOfEmail(trx, 'user', row.email);
    await deletePasswordResetsOfUser(trx, row.id);
    await deleteTwoFactorRows(trx, { role: 'user', id: row.id });
    await deleteSsoIdentitiesOfAccount(trx, 'user', row.id);
    await deleteUserRow(trx, row.id);
    return { surveys, responses };
  });
  // Deleted a moment ago by another request of the same account.
  if (!removed) throw new UnauthorizedError('INVALID_TOKEN');
  announceAccessEnded(deps.liveEvents, principal);
  await audit.record({
    type: 'account.deleted',
    actor: auditActor(principal),
    address,
    target: { type: 'user', id: row.id },
    details: { surveys: removed.surveys, responses: removed.responses },
  });
  return { message: ACCOUNT_MESSAGES.deleted };
}
