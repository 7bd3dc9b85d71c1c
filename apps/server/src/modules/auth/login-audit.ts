import type { UserType } from '@quorum/contract';
import type { AuditLog } from '../../lib/audit';

/** How a sign-in was proven, as the audit log names it. */
export type LoginMethod = 'password' | 'password+2fa' | 'password+recovery-code';

/** Why a sign-in was refused, as the audit log names it. */
export type LoginFailureReason = 'password' | 'code' | 'locked' | 'unverified';

/**
 * The audit entries of one kind of account's login: who tried is anonymous until the sign-in succeeds; the
 * target is the account when the email is one, else the email itself. Never a password, code or token.
 */
export function createLoginAudit(audit: AuditLog, role: UserType) {
  const target = (account: { id: string } | undefined, email: string) =>
    account ? { type: role, id: account.id } : { type: 'email' as const, id: email };
  return {
    succeeded(account: { id: string }, address: string, method: LoginMethod): Promise<void> {
      return audit.record({
        type: 'auth.login.succeeded',
        actor: { id: account.id, role },
        address,
        target: { type: role, id: account.id },
        details: { method },
      });
    },

    failed(
      account: { id: string } | undefined,
      email: string,
      address: string,
      reason: LoginFailureReason,
    ): Promise<void> {
      return audit.record({
        type: 'auth.login.failed',
        actor: null,
        address,
        target: target(account, email),
        details: { reason },
      });
    },

    /** The failure that started a lock of this email (for this address, or for every address). */
    locked(account: { id: string } | undefined, email: string, address: string, minutes: number): Promise<void> {
      return audit.record({
        type: 'auth.locked',
        actor: null,
        address,
        target: target(account, email),
        details: { minutes },
      });
    },
  };
}
