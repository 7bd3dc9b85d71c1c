import {
  DEFAULT_SURVEY_LANGUAGE,
  isJsonObject,
  NOTIFY_ON_RESPONSE,
  SURVEY_LANGUAGE_PATTERN,
  surveyTranslationsSchema,
  type SurveyTranslations,
} from '@quorum/contract';
import { completeQuestion, emptySettings, nextQuestionKey, type SettingsDraft, type SurveyDraft } from './editor-model';

/**
 * A survey the editor held, unsaved, when the session ended: kept in this tab's session storage (never sent,
 * gone with the tab) until the same account opens the same editor page again.
 */
interface KeptDraft {
  userId: string;
  /** The editor page it was on (`/surveys/create`, `/surveys/{id}/edit`). */
  path: string;
  keptAt: number;
  draft: SurveyDraft;
}

const KEY = 'quorum.keptSurveyDraft';
/** A kept draft older than this is dropped: a session rarely ends a day before the next sign-in in the same tab. */
const KEEP_MS = 24 * 60 * 60_000;

export function keepDraft(userId: string, path: string, draft: SurveyDraft): void {
  const kept: KeptDraft = { userId, path, keptAt: Date.now(), draft };
  sessionStorage.setItem(KEY, JSON.stringify(kept));
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** Absent (kept by an earlier version of the editor), or of its kind. */
const isOptional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);

/** An object whose `keys` all hold text. */
const isTexts =
  <K extends string>(keys: readonly K[]) =>
  (value: unknown): value is Record<K, string> & Record<string, unknown> =>
    isJsonObject(value) && keys.every((key) => isText(value[key]));

const isRule = (rule: unknown) =>
  isJsonObject(rule) && isText(rule.key) && isText(rule.operator) && isText(rule.value) && isText(rule.goTo);

/** The kept draft's shape, checked: storage is the user's to edit. */
function isDraft(draft: unknown): draft is SurveyDraft {
  return (
    isJsonObject(draft) &&
    isText(draft.projectName) &&
    isText(draft.brandingImageUrl) &&
    isText(draft.title) &&
    Array.isArray(draft.questions) &&
    draft.questions.length > 0 &&
    draft.questions.every(
      (q: unknown) =>
        isJsonObject(q) &&
        isText(q.text) &&
        isText(q.type) &&
        Array.isArray(q.options) &&
        q.options.every(isText) &&
        isOptional(q.description, isText) &&
        isOptional(q.required, (v) => typeof v === 'boolean') &&
        isOptional(q.logic, (logic) => Array.isArray(logic) && logic.every(isRule)) &&
        isOptional(q.rows, (rows) => Array.isArray(rows) && rows.every(isText)) &&
        isOptional(q.numberRange, isTexts(['min', 'max', 'step'])) &&
        isOptional(q.dateRange, isTexts(['min', 'max'])),
    )
  );
}

/**
 * The draft kept for this account on this page, with fresh React keys, or null. Reading leaves it stored
 * (React may call this twice); `forgetKeptDraft` removes it once the editor shows it.
 */
export function readKeptDraft(userId: string, path: string): SurveyDraft | null {
  let kept: unknown;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!isJsonObject(kept) || kept.userId !== userId || kept.path !== path || !isDraft(kept.draft)) return null;
  if (typeof kept.keptAt !== 'number' || Date.now() - kept.keptAt > KEEP_MS) return null;
  return completeDraft(kept.draft);
}

/** A kept draft with fresh React keys; the fields an earlier version of the editor lacked take their defaults. */
function completeDraft(draft: SurveyDraft): SurveyDraft {
  return {
    ...draft,
    ...completeSettings(draft),
    questions: draft.questions.map((q) => completeQuestion({ ...q, key: nextQuestionKey() })),
  };
}

const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';

/** Each setting as kept when it has its kind, else its default (storage is the user's to edit). */
function completeSettings(raw: Partial<Record<keyof SettingsDraft, unknown>>): SettingsDraft {
  const defaults = emptySettings();
  const { welcome, thankYou } = raw;
  return {
    opensAt: isText(raw.opensAt) ? raw.opensAt : defaults.opensAt,
    closesAt: isText(raw.closesAt) ? raw.closesAt : defaults.closesAt,
    responseLimit: isText(raw.responseLimit) ? raw.responseLimit : defaults.responseLimit,
    oneResponsePerBrowser: isFlag(raw.oneResponsePerBrowser) ? raw.oneResponsePerBrowser : false,
    hiddenFields:
      Array.isArray(raw.hiddenFields) && raw.hiddenFields.every(isText) ? [...raw.hiddenFields] : defaults.hiddenFields,
    notifyOnResponse: NOTIFY_ON_RESPONSE.find((value) => value === raw.notifyOnResponse) ?? defaults.notifyOnResponse,
    welcome:
      isTexts(['title', 'text', 'buttonLabel'])(welcome) && isFlag(welcome.enabled)
        ? { ...welcome, enabled: welcome.enabled }
        : defaults.welcome,
    thankYou: isTexts(['title', 'text', 'redirectUrl'])(thankYou) ? thankYou : defaults.thankYou,
    defaultLanguage:
      isText(raw.defaultLanguage) && SURVEY_LANGUAGE_PATTERN.test(raw.defaultLanguage)
        ? raw.defaultLanguage
        : DEFAULT_SURVEY_LANGUAGE,
    translations: translationsOf(raw.translations),
  };
}

/** Kept translations when they have the stored shape (storage is the user's to edit), else none. */
function translationsOf(raw: unknown): SurveyTranslations {
  const parsed = surveyTranslationsSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

export function forgetKeptDraft(): void {
  sessionStorage.removeItem(KEY);
}

// ---------------------------------------------------------------------------
// Every edit, kept as it is typed: offered back on the next open of the same page after a crash or a reload
// ---------------------------------------------------------------------------

/**
 * The editor's unsaved edits, kept in this browser's local storage (never sent) for this account and page, so a
 * crash, a reload or a closed tab loses nothing; removed on save and when the user discards them.
 */
interface KeptEdit {
  keptAt: number;
  draft: SurveyDraft;
}

/** Kept edits older than this are dropped: a week is long enough to come back to an unfinished survey. */
const KEEP_EDITS_MS = 7 * 24 * 60 * 60_000;

const editKey = (userId: string, path: string) => `quorum.editorDraft:${userId}:${path}`;

export function keepEdit(userId: string, path: string, draft: SurveyDraft): void {
  const kept: KeptEdit = { keptAt: Date.now(), draft };
  try {
    localStorage.setItem(editKey(userId, path), JSON.stringify(kept));
  } catch {
    // Storage full or refused: the edit stays in the form; only the safety copy is missing.
  }
}

/** The edits kept for this account on this page, with fresh React keys and when they were kept, or null. */
export function readKeptEdit(userId: string, path: string): { draft: SurveyDraft; keptAt: number } | null {
  let kept: unknown;
  try {
    kept = JSON.parse(localStorage.getItem(editKey(userId, path)) ?? 'null');
  } catch {
    return null;
  }
  if (!isJsonObject(kept) || !isDraft(kept.draft) || typeof kept.keptAt !== 'number') return null;
  if (Date.now() - kept.keptAt > KEEP_EDITS_MS) {
    forgetKeptEdit(userId, path);
    return null;
  }
  return { draft: completeDraft(kept.draft), keptAt: kept.keptAt };
}

export function forgetKeptEdit(userId: string, path: string): void {
  localStorage.removeItem(editKey(userId, path));
}
