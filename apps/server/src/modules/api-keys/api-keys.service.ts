import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  apiKeyScopeSchema,
  type ApiKey,
  type ApiKeyList,
  type ApiKeyScope,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import {
  countApiKeysOfUser,
  deleteApiKeyOfUser,
  insertApiKey,
  listApiKeysOfUser,
  type ApiKeyRow,
} from './api-keys.repository';

/** Random bytes in a key: 32, written as 43 base64url characters after the prefix. */
const KEY_BYTES = 32;
/** Characters after the prefix kept to recognise a key by. */
const SHOWN_CHARACTERS = 8;

/** Whether a bearer token is an API key rather than a session token. */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

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
export function createApiKeysService(deps: Pick<AppContext, 'db' | 'clock' | 'audit'>) {
  const { db, clock, audit } = deps;

  return {
    /** POST /api/user/api-keys: a new key, returned this once; only its hash is kept. */
    async create(principal: Principal, body: CreateApiKeyBody, address: string): Promise<CreatedApiKey> {
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
     * key up in the database). Another user's key is answered like an unknown one.
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
    },
  };
}
