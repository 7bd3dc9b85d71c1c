import { MESSAGES, PASSWORD_RESET_VALID_MINUTES } from '@quorum/contract';
import type { AppContext } from '../../context';
import { announceAccessEnded } from '../../events/live-events';
import { addMinutes } from '../../lib/clock';
import { BadRequestError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { passwordResetEmail, passwordResetLink } from '../../mail/password-reset-email';
import {
  consumePasswordReset,
  countResetsSince,
  deleteResetsBefore,
  findPasswordReset,
  insertPasswordReset,
} from './password-resets.repository';
import { recordKeysRevoked } from '../api-keys';
import { hashLinkToken, newLinkToken } from '../../lib/link-tokens';
import { findUserByEmail } from './users.repository';

export type PasswordResetDeps = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config' | 'audit' | 'liveEvents'>;

/** Links older than this are removed by the hourly sweep (used, voided or expired: none works by then). */
const KEEP_RESETS_HOURS = 24;

/**
 * Forgotten passwords, for users. Asking answers the same whatever the email: the same message, after the
 * same queries (a lookup and a count, for a made-up id when there is no account); only a verified account under
 * its per-hour mail limit gets a link, mailed in the background so delivery time does not show either. A link is
 * 32 random bytes of which only the SHA-256 is stored; it works once, for an hour, and using it ends every
 * session of the account (closing its live results streams on every instance), revokes its API keys and voids its
 * other links.
 */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, clock, mailer, config, audit } = deps;
  const invalidLink = () => new BadRequestError('PASSWORD_RESET_LINK_INVALID');

  return {
    async requestReset(email: string): Promise<{ message: string }> {
      const now = clock.now();
      const user = await findUserByEmail(db.kysely, email);
      const since = addMinutes(now, -60).toISOString();
      const sent = await countResetsSince(db.kysely, user?.id ?? newId(), since);
      if (user?.email_verified_at && sent < config.passwordResetMailsPerHour) {
        const { token, hash } = newLinkToken();
        await insertPasswordReset(db.kysely, {
          token_hash: hash,
          user_id: user.id,
          created_at: now.toISOString(),
          expires_at: addMinutes(now, PASSWORD_RESET_VALID_MINUTES).toISOString(),
          used_at: null,
        });
        const link = passwordResetLink(config.publicUrl, token);
        mailer.deliver(passwordResetEmail({ to: user.email, name: user.name, link }), 'password reset');
      }
      return { message: MESSAGES.passwordResetRequested };
    },

    /**
     * Sets a new password through a link: an unknown or expired (or voided) link is invalid, a used one says
     * so. Recorded as `auth.password.reset`, targeting the account, and `api_key.revoked` (reason
     * `password-reset`) for each key it revoked.
     */
    async resetPassword(token: string, password: string, address: string): Promise<{ message: string }> {
      const reset = await findPasswordReset(db.kysely, hashLinkToken(token));
      if (!reset) throw invalidLink();
      if (reset.used_at) throw new BadRequestError('PASSWORD_RESET_LINK_USED');
      if (new Date(reset.expires_at) <= clock.now()) throw invalidLink();
      const passwordHash = await hashPassword(password);
      const consumed = await consumePasswordReset(db.kysely, reset, passwordHash, clock.now().toISOString());
      if (!consumed) throw new BadRequestError('PASSWORD_RESET_LINK_USED');
      await audit.record({
        type: 'auth.password.reset',
        actor: null,
        address,
        target: { type: 'user', id: reset.user_id },
      });
      await recordKeysRevoked(audit, consumed, { actor: null, address, reason: 'password-reset' });
      announceAccessEnded(deps.liveEvents, { type: 'user', id: reset.user_id });
      return { message: MESSAGES.passwordResetDone };
    },
  };
}

/** Removes reset links made more than a day ago (the hourly sweep). */
export function sweepPasswordResets(deps: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const cutoff = addMinutes(deps.clock.now(), -KEEP_RESETS_HOURS * 60).toISOString();
  return deleteResetsBefore(deps.db.kysely, cutoff);
}
