import { MESSAGES } from './auth';
import { ERROR_MESSAGES, type ErrorParams } from './error-messages';
import { NAME_MESSAGES } from './named-text';
import { SURVEY_MESSAGES } from './survey-constants';

/**
 * The contract's named validation messages, by text: a refusal carrying one of them names it in its `rule` param
 * (`titleRequired`, `nameTooLong`, …), so a client can word it in another language. Texts that are errors of the
 * catalog (an email already taken, say) are not validation rules.
 */
const ERROR_TEXTS = new Set<string>(Object.values(ERROR_MESSAGES));
const RULES_BY_MESSAGE = new Map<string, string>(
  [...Object.entries(MESSAGES), ...Object.entries(SURVEY_MESSAGES), ...Object.entries(NAME_MESSAGES)]
    .filter(([, text]) => !ERROR_TEXTS.has(text))
    .map(([rule, text]) => [text, rule]),
);

/** The name of a contract validation message, or undefined for any other text. */
export function validationRuleOf(message: string): string | undefined {
  return RULES_BY_MESSAGE.get(message);
}

/** A zod issue as the validator reports it: its code, where it is and its message (then the numbers of its rule). */
export interface ValidationIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

/** The issue details sent as params, when they are a number or a name. */
const DETAILS = ['maximum', 'minimum', 'expected', 'origin', 'format', 'divisor'] as const;

/**
 * The params of a VALIDATION_FAILED answer for a zod issue: `location` (body, querystring, params) when given,
 * `field` (the dotted path, '' for the whole), `issue` (zod's code: too_big, too_small, invalid_type, custom, …)
 * with its numbers and names (`maximum`, `minimum`, `expected`, `origin`, `format`, `divisor`, `keys`, `values`),
 * and `rule` when the message is one of the contract's named messages.
 */
export function validationParams(issue: ValidationIssue, location?: string): ErrorParams {
  const details = issue as ValidationIssue & Readonly<Record<string, unknown>>;
  const params: Record<string, string | number> = {};
  if (location) params.location = location;
  params.field = issue.path.map(String).join('.');
  params.issue = issue.code;
  for (const key of DETAILS) {
    const value = details[key];
    if (typeof value === 'string') params[key] = value;
    else if ((typeof value === 'number' || typeof value === 'bigint') && Number.isFinite(Number(value))) {
      params[key] = Number(value);
    }
  }
  for (const key of ['keys', 'values'] as const) {
    const list = details[key];
    if (Array.isArray(list)) params[key] = list.map(String).join(', ');
  }
  const rule = validationRuleOf(issue.message);
  if (rule) params.rule = rule;
  return params;
}
