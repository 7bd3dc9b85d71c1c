import { MESSAGES, NAME_MESSAGES, SURVEY_MESSAGES } from '@quorum/contract';

/** `contract:validation.<rule>` in English: the contract's named validation messages (see contract-texts.ts). */
export const VALIDATION_TEXTS_EN = { ...MESSAGES, ...SURVEY_MESSAGES, ...NAME_MESSAGES };
