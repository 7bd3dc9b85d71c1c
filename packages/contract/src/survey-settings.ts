import { z } from 'zod';
import { HIDDEN_FIELD_VALUE_MAX } from './question-rules';
import { DEFAULT_NOTIFICATIONS, notificationsInputSchema, notificationsSchema } from './notifications';
import { isSafeRedirectUrl } from './urls';

// ---------------------------------------------------------------------------
// How a survey collects: when, how much, from whom; its first and last screens
// ---------------------------------------------------------------------------

export const SETTINGS_LIMITS = {
  /** Hidden fields a survey may declare. */
  hiddenFields: 20,
  /** Characters of one hidden field's value. */
  hiddenFieldValue: HIDDEN_FIELD_VALUE_MAX,
  /** The largest response limit. */
  responseLimit: 10_000_000,
  welcomeTitle: 200,
  screenText: 2000,
  buttonLabel: 40,
  thankYouTitle: 200,
  url: 2048,
  /** Characters of a respondent id the runner makes. */
  respondentId: 100,
} as const;

export const SETTINGS_MESSAGES = {
  invalidDateTime: 'Dates and times are written as ISO 8601 with a time zone, e.g. 2026-12-01T09:00:00Z',
  closesBeforeOpens: 'The survey must close after it opens',
  responseLimit: `The response limit must be a whole number from 1 to ${SETTINGS_LIMITS.responseLimit.toLocaleString('en-US')}`,
  hiddenFieldKey: 'Hidden field names may only contain letters, digits, "-" and "_", at most 64 characters',
  hiddenFieldReserved: 'Hidden field names cannot be "__proto__", "constructor" or "prototype"',
  hiddenFieldsDifferent: 'Hidden field names must be different',
  tooManyHiddenFields: `A survey can have at most ${SETTINGS_LIMITS.hiddenFields} hidden fields`,
  welcomeTitleRequired: 'The welcome screen needs a title',
  redirectUrl: 'The redirect must be an http(s) URL',
} as const;

/** A hidden field's name: what the public link's query uses (`?source=newsletter`). */
export const HIDDEN_FIELD_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype'];

/** An ISO 8601 date-time with a time zone, normalised to UTC ("2026-12-01T09:00:00.000Z"); blank or null: none. */
const dateTimeInput = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    const trimmed = (value ?? '').trim();
    if (trimmed === '') return null;
    const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(trimmed);
    const time = ok ? Date.parse(trimmed) : Number.NaN;
    if (Number.isNaN(time)) {
      ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.invalidDateTime });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** The welcome screen before the first question; without one the first question comes first. */
export const welcomeScreenInputSchema = z
  .object({
    title: z
      .string({ error: SETTINGS_MESSAGES.welcomeTitleRequired })
      .trim()
      .min(1, { error: SETTINGS_MESSAGES.welcomeTitleRequired })
      .max(SETTINGS_LIMITS.welcomeTitle, {
        error: `The welcome title must be at most ${SETTINGS_LIMITS.welcomeTitle} characters`,
      }),
    text: optionalText(
      SETTINGS_LIMITS.screenText,
      `The welcome text must be at most ${SETTINGS_LIMITS.screenText} characters`,
    ),
    buttonLabel: optionalText(
      SETTINGS_LIMITS.buttonLabel,
      `The button label must be at most ${SETTINGS_LIMITS.buttonLabel} characters`,
    ),
  })
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/**
 * The thank-you screen after submitting: each part left out keeps the product's own text ("Thank You!" and its
 * line); a redirect (an http(s) URL whose host is the one it shows, see `isSafeRedirectUrl`) happens after a short
 * visible pause.
 */
export const thankYouScreenInputSchema = z
  .object({
    title: optionalText(
      SETTINGS_LIMITS.thankYouTitle,
      `The thank-you title must be at most ${SETTINGS_LIMITS.thankYouTitle} characters`,
    ),
    text: optionalText(
      SETTINGS_LIMITS.screenText,
      `The thank-you text must be at most ${SETTINGS_LIMITS.screenText} characters`,
    ),
    redirectUrl: z
      .union([z.string(), z.null()])
      .optional()
      .transform((value, ctx) => {
        const trimmed = (value ?? '').trim();
        if (trimmed === '') return null;
        if (!isSafeRedirectUrl(trimmed) || trimmed.length > SETTINGS_LIMITS.url) {
          ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.redirectUrl });
          return z.NEVER;
        }
        return trimmed;
      }),
  })
  .nullable()
  .optional()
  .transform((value) => (value && (value.title || value.text || value.redirectUrl) ? value : null));

/** The collecting settings as an author sends them, with `POST`/`PUT /api/surveys`, next to title and questions. */
export const surveySettingsInputShape = {
  opensAt: dateTimeInput,
  closesAt: dateTimeInput,
  responseLimit: z
    .number({ error: SETTINGS_MESSAGES.responseLimit })
    .int({ error: SETTINGS_MESSAGES.responseLimit })
    .min(1, { error: SETTINGS_MESSAGES.responseLimit })
    .max(SETTINGS_LIMITS.responseLimit, { error: SETTINGS_MESSAGES.responseLimit })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  oneResponsePerBrowser: z
    .boolean({ error: 'oneResponsePerBrowser must be true or false' })
    .optional()
    .transform((value) => value === true),
  hiddenFields: z
    .array(
      z
        .string({ error: SETTINGS_MESSAGES.hiddenFieldKey })
        .trim()
        .regex(HIDDEN_FIELD_KEY_PATTERN, { error: SETTINGS_MESSAGES.hiddenFieldKey })
        .refine((key) => !RESERVED_KEYS.includes(key), { error: SETTINGS_MESSAGES.hiddenFieldReserved }),
      { error: 'hiddenFields must be a list of names' },
    )
    .max(SETTINGS_LIMITS.hiddenFields, { error: SETTINGS_MESSAGES.tooManyHiddenFields })
    .refine((keys) => new Set(keys).size === keys.length, { error: SETTINGS_MESSAGES.hiddenFieldsDifferent })
    .optional()
    .transform((keys) => keys ?? []),
  welcome: welcomeScreenInputSchema,
  thankYou: thankYouScreenInputSchema,
  /** Email to the owner about new responses; the owner's alone (never on the public survey). */
  notifications: notificationsInputSchema,
};

/** Checks across the settings: a survey closes after it opens. */
export function settingsProblem(settings: {
  opensAt: string | null;
  closesAt: string | null;
}): { message: string; path: string[] } | undefined {
  if (settings.opensAt && settings.closesAt && settings.closesAt <= settings.opensAt) {
    return { message: SETTINGS_MESSAGES.closesBeforeOpens, path: ['closesAt'] };
  }
  return undefined;
}

export const welcomeScreenSchema = z.object({
  title: z.string(),
  text: z.string().nullable(),
  buttonLabel: z.string().nullable(),
});
export const thankYouScreenSchema = z.object({
  title: z.string().nullable(),
  text: z.string().nullable(),
  redirectUrl: z.string().nullable(),
});
export type ThankYouScreen = z.infer<typeof thankYouScreenSchema>;

/** The settings as stored and returned with a survey (every one present: null, false or [] when unset). */
export const surveySettingsShape = {
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  responseLimit: z.number().int().nullable(),
  oneResponsePerBrowser: z.boolean(),
  hiddenFields: z.array(z.string()),
  welcome: welcomeScreenSchema.nullable(),
  thankYou: thankYouScreenSchema.nullable(),
  notifications: notificationsSchema,
};

/** What a survey collects with when none of the settings is set: the specification's behaviour. */
export const DEFAULT_SURVEY_SETTINGS = {
  opensAt: null,
  closesAt: null,
  responseLimit: null,
  oneResponsePerBrowser: false,
  hiddenFields: [] as string[],
  welcome: null,
  thankYou: null,
  notifications: DEFAULT_NOTIFICATIONS,
} as const;
