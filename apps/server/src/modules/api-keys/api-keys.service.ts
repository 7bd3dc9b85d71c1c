import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  apiKeyScopeSchema,
  type ApiKey,
  type ApiKeyList,
  type ApiKeyScope,
  type AuditActor,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { auditActor, type AuditLog } from '../../lib/audit';
import { announceAccessEnded } from '../../events/live-events';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { findAccountById } from '../auth';
import { newId } from '../../lib/ids';
import type { ApiKeysSignOut, Principal } from '../../lib/principal';
import {
  countApiKeysOfUser,
  deleteApiKeyOfUser,
  insertApiKey,
  listApiKeysOfUser,
  revokeApiKeysOfUser,
  type ApiKeyRow,
} from './api-keys.repository';

/** Random bytes in a key: 32, written as 43 base64url characters after the prefix. */
const KEY_BYTES = 32;
/** Characters after the prefix kept to recognise a key by. */
const SHOWN_CHARACTERS = 8;

/** The only form a key is stored and looked up in: SHA-256, hex. A key is random enough not to need a salt. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A stored scope list; anything unknown in it is dropped rather than trusted. */
export function parseScopes(json: string): ApiKeyScope[] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value)) return [];
  return value.flatMap((scope) => {
    const parsed = apiKeyScopeSchema.safeParse(scope);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Why a key was revoked without being revoked one by one. */
export type KeysRevokedReason = 'password-reset' | 'signed-out-everywhere';

/** Records `api_key.revoked` for each key revoked with the account's sessions, with the reason. */
export async function recordKeysRevoked(
  audit: AuditLog,
  rows: readonly ApiKeyRow[],
  by: { actor: AuditActor; address: string; reason: KeysRevokedReason },
): Promise<void> {
  for (const row of rows) {
    await audit.record({
      type: 'api_key.revoked',
      actor: by.actor,
      address: by.address,
      target: { type: 'user', id: row.user_id },
      details: { keyId: row.id, name: row.name, scopes: parseScopes(row.scopes).join(','), reason: by.reason },
    });
  }
}

/** Signing out everywhere: the user's keys are revoked in the sign-out's transaction, then each is recorded. */
export function createApiKeysSignOut(audit: AuditLog): ApiKeysSignOut {
  return async (trx, userId) => {
    const rows = await revokeApiKeysOfUser(trx, userId);
    return {
      record: (actor, address) => recordKeysRevoked(audit, rows, { actor, address, reason: 'signed-out-everywhere' }),
    };
  };
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** A user's personal API keys: made (shown once), listed, revoked. Every change is in the audit log. */
export function createApiKeysService(deps: Pick<AppContext, 'db' | 'clock' | 'audit' | 'liveEvents'>) {
  const { db, clock, audit, liveEvents } = deps;

  /**
   * Making a key asks who is at the keyboard: the account's password when given (a wrong one is refused even
   * from a fresh session), else a session signed in within API_KEY_LIMITS.freshSignInMinutes (how an account
   * made by single sign-on, which has no password, makes keys).
   */
  async function confirmIdentity(principal: Principal, password: string | undefined): Promise<void> {
    if (password !== undefined && password !== '') {
      const row = await findAccountById(db.kysely, 'user', principal.id);
      if (!row || row.token_version !== principal.tokenVersion) throw new UnauthorizedError('INVALID_TOKEN');
      if (!(await verifyPassword(row.password_hash, password))) throw new BadRequestError('API_KEY_PASSWORD_INCORRECT');
      return;
    }
    const minutes = API_KEY_LIMITS.freshSignInMinutes;
    const signedInAt = principal.session?.issuedAt.getTime() ?? Number.NEGATIVE_INFINITY;
    if (clock.now().getTime() - signedInAt > minutes * 60_000) {
      throw new BadRequestError('API_KEY_PASSWORD_REQUIRED', { minutes });
    }
  }

  return {
    /** POST /api/user/api-keys: a new key, returned this once; only its hash is kept. */
    async create(principal: Principal, body: CreateApiKeyBody, address: string): Promise<CreatedApiKey> {
      await confirmIdentity(principal, body.password);
      if ((await countApiKeysOfUser(db.kysely, principal.id)) >= API_KEY_LIMITS.keysPerAccount) {
        throw new ConflictError('API_KEY_LIMIT_REACHED', { limit: API_KEY_LIMITS.keysPerAccount });
      }
      const key = `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
      const scopes = [...body.scopes];
      const row: ApiKeyRow = {
        id: newId(),
        user_id: principal.id,
        name: body.name.trim(),
        prefix: key.slice(0, API_KEY_PREFIX.length + SHOWN_CHARACTERS),
        scopes: JSON.stringify(scopes),
        created_at: clock.now().toISOString(),
        last_used_at: null,
      };
      await insertApiKey(db.kysely, { ...row, key_hash: hashApiKey(key) });
      await audit.record({
        type: 'api_key.created',
        actor: auditActor(principal),
        address,
        target: { type: 'user', id: principal.id },
        details: { keyId: row.id, name: row.name, scopes: scopes.join(',') },
      });
      return { ...toApiKey(row), key };
    },

    /** GET /api/user/api-keys: newest first, never the key. */
    async list(principal: Principal): Promise<ApiKeyList> {
      return { apiKeys: (await listApiKeysOfUser(db.kysely, principal.id)).map(toApiKey) };
    },

    /**
     * DELETE /api/user/api-keys/:id: the key stops working at once on every instance (the guard looks each
     * key up in the database), the live results streams it opened close and the download links made with it stop
     * working. Another user's key is answered like an unknown one.
     */
    async revoke(principal: Principal, id: string, address: string): Promise<void> {
      const row = await deleteApiKeyOfUser(db.kysely, principal.id, id);
      if (!row) throw new NotFoundError('API_KEY_NOT_FOUND');
      await audit.record({
        type: 'api_key.revoked',
        actor: auditActor(principal),
        address,
        target: { type: 'user', id: principal.id },
        details: { keyId: row.id, name: row.name, scopes: parseScopes(row.scopes).join(',') },
      });
      announceAccessEnded(liveEvents, principal);
    },
  };
}
