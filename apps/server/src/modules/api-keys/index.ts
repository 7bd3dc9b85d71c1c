// The api-keys module's face: what other modules may use of it (docs/architecture.md).
export { type ApiKeyAuthenticator, createApiKeyAuthenticator } from './api-key-auth';
export { type ApiKeyRow, deleteApiKeysOfUser, findApiKeyOfUser, revokeApiKeysOfUser } from './api-keys.repository';
export { apiKeysRoutes } from './api-keys.routes';
export { isApiKey, parseScopes, recordKeysRevoked } from './api-keys.service';
