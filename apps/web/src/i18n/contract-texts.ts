import { ERROR_MESSAGES, PUBLIC_MESSAGES } from '@quorum/contract';

/**
 * The `contract` namespace in English is read from the contract itself, so no English text is copied:
 * - `errors.<CODE>`: the API's error texts (the server sends them in English; other languages translate the code,
 *   see errors.ts);
 * - `public.<key>`: the public survey page's messages;
 * - the texts only the app needs (app-contract-texts.ts; not on the public page, whose code must stay free of zod):
 *   `validation.<rule>`, `passwordRules`, `ssoErrors`, `apiKeyScopes`.
 * A text with `{name, withArticle}` is English wording only; a translation writes `{name}`.
 */
export const CONTRACT_TEXTS_EN = { errors: ERROR_MESSAGES, public: PUBLIC_MESSAGES };
