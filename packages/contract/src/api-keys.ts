import { z } from 'zod';
import { NAME_MESSAGES, namedTextSchema } from './named-text';

// ---------------------------------------------------------------------------
// Personal API keys: POST/GET /api/user/api-keys, DELETE /api/user/api-keys/:id
// ---------------------------------------------------------------------------

/** Every key starts with this, so a leaked one is recognisable (and secret scanners can find it). */
export const API_KEY_PREFIX = 'qrm_';

/**
 * What a key may do. A route that takes keys names the one scope it needs; every other route of the user API
 * (keys, password, profile, sessions, two-factor) and the whole admin API refuse keys.
 */
export const API_KEY_SCOPES = ['surveys:read', 'surveys:write', 'responses:read', 'responses:write'] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, {
  error: `A scope is one of ${API_KEY_SCOPES.join(', ')}`,
});
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** What each scope allows, as the profile screen explains it. */
export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = {
  'surveys:read': 'Read surveys',
  'surveys:write': 'Create, edit, launch and delete surveys, and manage their webhooks',
  'responses:read': 'Read results and responses, and download them',
  'responses:write': 'Delete responses',
};

export const API_KEY_LIMITS = {
  /** Characters of a key's name. */
  name: 100,
  /** Keys one account may hold. */
  keysPerAccount: 20,
  /** Making a key without the password needs a sign-in at most this many minutes ago. */
  freshSignInMinutes: 5,
} as const;

/** POST /api/user/api-keys. */
export const createApiKeyBodySchema = z
  .object({
    name: namedTextSchema(API_KEY_LIMITS.name, {
      required: 'The key needs a name',
      tooLong: `A key's name must be at most ${API_KEY_LIMITS.name} characters`,
      forbidden: NAME_MESSAGES.apiKeyNameControlCharacters,
    }),
    scopes: z
      .array(apiKeyScopeSchema, { error: 'scopes must be a list of scopes' })
      .min(1, { error: 'Choose at least one scope' })
      .max(API_KEY_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'Each scope may be listed once' }),
    /**
     * The account's password. It may be left out within API_KEY_LIMITS.freshSignInMinutes of signing in (the
     * only way for an account made by single sign-on, which has no password).
     */
    password: z.string({ error: 'password must be a string' }).max(256).optional(),
  })
  .strict();
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/** A key as it is listed: never the key itself, only its first characters to recognise it by. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** The key's first characters ("qrm_AbC1…"), enough to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  /** When a request last used it (to the minute); null when never. */
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** 201 of POST /api/user/api-keys: the key, shown this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** GET /api/user/api-keys: newest first. */
export const apiKeyListSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyParamsSchema = z.object({ id: z.string().min(1).max(64) });
