// The api-keys module's face: what other modules may use of it (docs/architecture.md).
export { createApiKeyAuthenticator } from './api-key-auth';
export { type ApiKeyRow, deleteApiKeysOfUser, findApiKeyOfUser, revokeApiKeysOfUser } from './api-keys.repository';
export { apiKeysRoutes } from './api-keys.routes';
export { createApiKeysSignOut, parseScopes, recordKeysRevoked } from './api-keys.service';
