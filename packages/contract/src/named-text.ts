import { z } from 'zod';

// ---------------------------------------------------------------------------
// What a person names: accounts, workspaces, API keys, projects and surveys
// ---------------------------------------------------------------------------

/**
 * Characters a name may not carry: control characters (line breaks, tabs, escapes, U+0000–U+001F and
 * U+007F–U+009F), the line and paragraph separators, and the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) that reorder the text around them. Names are shown in lists, headings, mail and
 * logs; none of these belongs in one. Zero-width joiners stay allowed: emoji sequences are made of them.
 */
const FORBIDDEN_NAME_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** True when a name holds a character no name may carry (see above). */
export function hasForbiddenNameCharacter(text: string): boolean {
  return FORBIDDEN_NAME_CHARACTERS.test(text);
}

/** The refusals of that rule for the names other than a person's own (`MESSAGES.nameControlCharacters`). */
export const NAME_MESSAGES = {
  workspaceNameControlCharacters: 'Workspace name must not contain line breaks, tabs or other control characters',
  apiKeyNameControlCharacters: "A key's name must not contain line breaks, tabs or other control characters",
  projectNameControlCharacters: 'Project name must not contain line breaks, tabs or other control characters',
  titleControlCharacters: 'Survey title must not contain line breaks, tabs or other control characters',
} as const;

export interface NamedTextMessages {
  /** When it is missing, not a string or only spaces. */
  required: string;
  /** When it is longer than `max` characters. */
  tooLong: string;
  /** When it holds a character no name may carry. */
  forbidden: string;
}

/**
 * The one rule for a text a person names something with: trimmed, required, at most `max` characters, and none
 * of the characters above. Only writes are checked: names stored before the rule are read back as they are.
 */
export function namedTextSchema(max: number, messages: NamedTextMessages) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.tooLong })
    .refine((text) => !hasForbiddenNameCharacter(text), { error: messages.forbidden });
}
