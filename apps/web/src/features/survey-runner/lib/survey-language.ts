// Which of its languages a survey is shown in. Imported by the public page's entry (the survey is requested at
// once, in the language wanted): it stays tiny and imports nothing.

/** The public link's query parameter that chooses the survey's language (`…/surveys/<id>?lang=de`). */
export const LANGUAGE_PARAM = 'lang';

const keyFor = (surveyId: string) => `quorum.survey-language.${surveyId}`;

/** The language the public link asks for (`?lang=de`), if any. */
export function linkLanguage(search: string): string | undefined {
  const code = new URLSearchParams(search).get(LANGUAGE_PARAM)?.trim();
  return code ? code : undefined;
}

/** The language this browser last showed this survey in (of a survey with more than one). */
export function rememberedLanguage(surveyId: string): string | undefined {
  try {
    return localStorage.getItem(keyFor(surveyId)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberLanguage(surveyId: string, code: string): void {
  try {
    localStorage.setItem(keyFor(surveyId), code);
  } catch {
    // Storage full or refused: the language is then chosen again on the next visit.
  }
}

/**
 * The language to ask the server for: the public link's, else the one remembered for this survey in this browser;
 * undefined lets the server choose (the browser's languages, then the survey's default).
 */
export function askedLanguage(surveyId: string, search: string): string | undefined {
  return linkLanguage(search) ?? rememberedLanguage(surveyId);
}

/**
 * Whether the link's `lang` belongs to a hidden field: a survey that declares a hidden field named `lang` records the
 * link's value as that field, and the link does not choose its language.
 */
export function langIsHiddenField(hiddenFields: readonly string[]): boolean {
  return hiddenFields.includes(LANGUAGE_PARAM);
}

/** An address (path, query and hash) with `?lang=` set to `code`, every other parameter kept. */
export function addressInLanguage(location: Pick<Location, 'pathname' | 'search' | 'hash'>, code: string): string {
  const query = new URLSearchParams(location.search);
  query.set(LANGUAGE_PARAM, code);
  return `${location.pathname}?${query.toString()}${location.hash}`;
}
