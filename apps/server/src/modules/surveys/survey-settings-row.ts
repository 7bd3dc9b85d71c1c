import {
  DEFAULT_SURVEY_SETTINGS,
  HIDDEN_FIELD_KEY_PATTERN,
  NOTIFY_ON_RESPONSE,
  thankYouScreenSchema,
  welcomeScreenSchema,
  type NormalisedSurveyInput,
  type Survey,
} from '@quorum/contract';
import type { SurveysTable } from '../../db/schema';
import { parseJson } from '../../question-types/shared';

/** The settings as a survey carries them. */
export type SurveySettings = Pick<
  Survey,
  | 'opensAt'
  | 'closesAt'
  | 'responseLimit'
  | 'oneResponsePerBrowser'
  | 'hiddenFields'
  | 'welcome'
  | 'thankYou'
  | 'notifications'
>;

type SettingsColumns = Pick<
  SurveysTable,
  | 'opens_at'
  | 'closes_at'
  | 'response_limit'
  | 'one_response_per_browser'
  | 'hidden_fields'
  | 'welcome'
  | 'thank_you'
  | 'notify_on_response'
>;

/** The stored columns of settings an author sent (already normalised by the contract). */
export function settingsColumns(input: NormalisedSurveyInput | SurveySettings): SettingsColumns {
  return {
    opens_at: input.opensAt,
    closes_at: input.closesAt,
    response_limit: input.responseLimit,
    one_response_per_browser: input.oneResponsePerBrowser ? 1 : 0,
    hidden_fields: JSON.stringify(input.hiddenFields),
    welcome: input.welcome ? JSON.stringify(input.welcome) : null,
    thank_you: input.thankYou ? JSON.stringify(input.thankYou) : null,
    notify_on_response: input.notifications.onResponse,
  };
}

/**
 * The settings of a stored survey. Reading never throws: a column that is missing or does not hold what it should
 * reads as that setting unset (the specification's behaviour), so one damaged row cannot break a list or a page.
 */
export function settingsFromRow(row: Partial<SettingsColumns>): SurveySettings {
  const limit = row.response_limit == null ? null : Number(row.response_limit);
  const hidden = parseJson(row.hidden_fields);
  const welcome = welcomeScreenSchema.safeParse(parseJson(row.welcome));
  const thankYou = thankYouScreenSchema.safeParse(parseJson(row.thank_you));
  return {
    opensAt: row.opens_at ?? DEFAULT_SURVEY_SETTINGS.opensAt,
    closesAt: row.closes_at ?? DEFAULT_SURVEY_SETTINGS.closesAt,
    responseLimit: limit !== null && Number.isInteger(limit) && limit > 0 ? limit : null,
    oneResponsePerBrowser: Number(row.one_response_per_browser ?? 0) === 1,
    hiddenFields: Array.isArray(hidden)
      ? hidden.filter((key): key is string => typeof key === 'string' && HIDDEN_FIELD_KEY_PATTERN.test(key))
      : [],
    welcome: welcome.success ? welcome.data : null,
    thankYou: thankYou.success ? thankYou.data : null,
    notifications: {
      onResponse: NOTIFY_ON_RESPONSE.find((value) => value === row.notify_on_response) ?? 'off',
    },
  };
}
