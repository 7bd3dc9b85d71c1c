import { ACCOUNT_MESSAGES, type DeleteAccountResponse } from '@quorum/contract';
import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { BadRequestError, UnauthorizedError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { Principal } from '../../lib/principal';
import { findAccountById } from '../auth/account.repository';
import { deleteApiKeysOfUser } from '../api-keys/api-keys.repository';
import { deleteLoginAttemptsOfEmail } from '../auth/login-attempts.repository';
import { deleteMailOfUser } from '../notifications/mail-outbox.repository';
import { deleteResponsesOfOwner, deleteTimelinesOfOwner } from '../responses/responses.repository';
import { deleteSharesOfOwner } from '../shares/shares.repository';
import { deleteSsoIdentitiesOfAccount } from '../sso/sso.repository';
import { deleteTwoFactorRows } from '../two-factor/two-factor.repository';
import { deleteVisitsOfOwner } from '../visits/visits.repository';
import { deleteWebhooksOfOwner } from '../webhooks/webhooks.repository';
import {
  deleteAnswerCountsOfOwner,
  deleteQuestionTotalsOfOwner,
  deleteQuestionsOfOwner,
  deleteSurveysOfOwner,
  lockOwner,
} from '../surveys/surveys.repository';
import { deleteEmailVerificationsOfUser } from './email-verifications.repository';
import { deletePasswordResetsOfUser } from './password-resets.repository';
import { deleteUserRow } from './users.repository';

export type AccountDeletionDeps = Pick<AppContext, 'db' | 'audit'>;

/**
 * Deletes a user's account for good, after checking its password: in one transaction, with the user's row
 * locked first (PostgreSQL) so a survey created or launched at the same moment runs wholly before or after,
 * every row that belongs to the account goes, one table at a time: responses, visits, funnel counters, completion
 * times, timelines, shared report links, answer counts, question totals, questions and surveys of every survey it
 * owns, its email verification links, the failed-login counts kept
 * under its email, its password reset links, its two-factor secret and recovery codes, its single sign-on
 * links, and finally the account row (name, email, password hash). With the row gone its tokens
 * answer 401, its public links 404, and the email can register again. A wrong password deletes nothing.
 * The audit entry names the account by id only.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  principal: Principal,
  password: string,
  address: string,
): Promise<DeleteAccountResponse> {
  const { db, audit } = deps;
  const row = await findAccountById(db.kysely, 'user', principal.id);
  if (!row || row.token_version !== principal.tokenVersion) throw new UnauthorizedError('INVALID_TOKEN');
  if (!(await verifyPassword(row.password_hash, password))) {
    throw new BadRequestError('DELETE_ACCOUNT_PASSWORD_INCORRECT');
  }
  const removed = await db.kysely.transaction().execute(async (trx) => {
    if (!(await lockOwner(trx, db.dialect, row.id))) return undefined;
    const responses = await deleteResponsesOfOwner(trx, row.id);
    await deleteVisitsOfOwner(trx, row.id);
    await deleteTimelinesOfOwner(trx, row.id);
    await deleteAnswerCountsOfOwner(trx, row.id);
    await deleteQuestionTotalsOfOwner(trx, row.id);
    await deleteSharesOfOwner(trx, row.id);
    await deleteWebhooksOfOwner(trx, row.id);
    await deleteMailOfUser(trx, row.id);
    await deleteApiKeysOfUser(trx, row.id);
    await deleteQuestionsOfOwner(trx, row.id);
    const surveys = await deleteSurveysOfOwner(trx, row.id);
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
  await audit.record({
    type: 'account.deleted',
    actor: auditActor(principal),
    address,
    target: { type: 'user', id: row.id },
    details: { surveys: removed.surveys, responses: removed.responses },
  });
  return { message: ACCOUNT_MESSAGES.deleted };
}
