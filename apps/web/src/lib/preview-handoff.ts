import { publicSurveySchema, type PublicSurvey } from '@quorum/contract';
import { paths } from '@/config/paths';

// The editor previews its current, unsaved version: it hands the draft (already shaped like the public survey) to
// the preview tab through this origin's localStorage under a random token; the preview tab moves it into its own
// sessionStorage, so a reload of that tab still shows it and closing the tab forgets it.

const PREFIX = 'quorum:preview:';
/** The preview's address parameter naming the handed-over draft. */
export const PREVIEW_DRAFT_PARAM = 'draft';

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The preview's address: the saved survey, or with `draft` a handed-over version (surveyId "new" before a save). */
export function previewHref(surveyId: string | undefined, draft?: string): string {
  const href = paths.surveyPreview.getHref({ surveyId: surveyId ?? 'new' });
  return draft ? `${href}?${new URLSearchParams({ [PREVIEW_DRAFT_PARAM]: draft }).toString()}` : href;
}

/**
 * Opens the preview of `survey` (the editor's current version) in a new tab. False when the browser refused to
 * keep the draft (storage full or off): the caller says so.
 */
export function openPreview(survey: PublicSurvey, surveyId?: string): boolean {
  const token = newToken();
  try {
    localStorage.setItem(PREFIX + token, JSON.stringify(survey));
  } catch {
    return false;
  }
  window.open(previewHref(surveyId, token), '_blank', 'noopener');
  return true;
}

/**
 * The draft handed over under `token`, moved from localStorage into this tab's sessionStorage on first read (the
 * same on every later read and after a reload); null when it is gone or is not a public survey.
 */
export function takePreviewDraft(token: string): PublicSurvey | null {
  const key = PREFIX + token;
  let raw: string | null;
  try {
    const handed = localStorage.getItem(key);
    if (handed !== null) {
      sessionStorage.setItem(key, handed);
      localStorage.removeItem(key);
    }
    raw = sessionStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = publicSurveySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
