import {
  MESSAGES,
  type AuthUser,
  type ChangePasswordResponse,
  type UpdateProfileResponse,
  type UserType,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { BadRequestError, UnauthorizedError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { findAccountById, updateAccountName, updateAccountPassword } from './account.repository';
import type { Principal } from '../../lib/principal';

/**
 * Profile and password changes, the same for users and administrators: the role picks the
 * table, the token role and nothing else. Used by `/api/user/auth/*` and `/api/admin/auth/*`.
 */
type Deps = Pick<AppContext, 'db' | 'clock' | 'tokens'>;

const sessionEnded = () =>
  new UnauthorizedError('Your session is invalid or has expired. Please log in again.', 'INVALID_TOKEN');

export function toAuthUser(row: { id: string; name: string; email: string }, type: UserType): AuthUser {
  return { id: row.id, name: row.name, email: row.email, type };
}

/** Changes the display name; the email can never change here. */
export async function updateProfile(deps: Deps, principal: Principal, name: string): Promise<UpdateProfileResponse> {
  const row = await findAccountById(deps.db.kysely, principal.type, principal.id);
  if (!row) throw sessionEnded();
  await updateAccountName(deps.db.kysely, principal.type, principal.id, name, deps.clock.now().toISOString());
  return { message: MESSAGES.profileUpdated, user: toAuthUser({ ...row, name }, principal.type) };
}

/**
 * Checks the current password, stores the new one and bumps the token version so every older
 * token stops working; the answer carries a fresh token for the browser that made the change.
 * The new password's rules are checked by the contract's body schema.
 */
export async function changePassword(
  deps: Deps,
  principal: Principal,
  body: { currentPassword: string; newPassword: string },
): Promise<ChangePasswordResponse> {
  const row = await findAccountById(deps.db.kysely, principal.type, principal.id);
  if (!row || row.token_version !== principal.tokenVersion) throw sessionEnded();
  if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
    throw new BadRequestError(MESSAGES.currentPasswordIncorrect, 'INVALID_CREDENTIALS');
  }
  const version = await updateAccountPassword(
    deps.db.kysely,
    principal.type,
    principal.id,
    await hashPassword(body.newPassword),
    row.token_version,
    deps.clock.now().toISOString(),
  );
  if (version === undefined) throw sessionEnded();
  const token = await deps.tokens.sign({ sub: principal.id, role: principal.type, ver: version });
  return { message: MESSAGES.passwordUpdated, token };
}
