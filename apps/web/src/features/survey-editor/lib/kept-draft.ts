import { completeQuestion, nextQuestionKey, type SurveyDraft } from './editor-model';

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
const isTexts = (keys: readonly string[]) => (value: unknown) =>
  typeof value === 'object' && value !== null && keys.every((key) => isText((value as Record<string, unknown>)[key]));

const isRule = (value: unknown) => {
  const rule = value as Record<string, unknown> | null;
  return (
    typeof rule === 'object' &&
    rule !== null &&
    isText(rule.key) &&
    isText(rule.operator) &&
    isText(rule.value) &&
    isText(rule.goTo)
  );
};

/** The kept draft's shape, checked: storage is the user's to edit. */
function isDraft(value: unknown): value is SurveyDraft {
  const draft = value as Partial<SurveyDraft> | null;
  return (
    typeof draft === 'object' &&
    draft !== null &&
    isText(draft.projectName) &&
    isText(draft.brandingImageUrl) &&
    isText(draft.title) &&
    Array.isArray(draft.questions) &&
    draft.questions.length > 0 &&
    draft.questions.every(
      (q) =>
        typeof q === 'object' &&
        q !== null &&
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
  let kept: Partial<KeptDraft>;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<KeptDraft>;
  } catch {
    return null;
  }
  if (!kept || kept.userId !== userId || kept.path !== path || !isDraft(kept.draft)) return null;
  if (typeof kept.keptAt !== 'number' || Date.now() - kept.keptAt > KEEP_MS) return null;
  // A draft kept by an earlier version of the editor lacks the newer fields: they take their defaults.
  return {
    ...kept.draft,
    questions: kept.draft.questions.map((q) => completeQuestion({ ...q, key: nextQuestionKey() })),
  };
}

export function forgetKeptDraft(): void {
  sessionStorage.removeItem(KEY);
}
