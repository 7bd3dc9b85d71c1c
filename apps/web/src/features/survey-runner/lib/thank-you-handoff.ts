import { isJsonObject, isSafeRedirectUrl, type ThankYouScreen } from '@quorum/contract';

// The thank-you page is its own address: the survey's own thank-you screen is handed to it in this tab's
// storage at submit, so a reload of the thank-you page still shows it (and nothing needs the survey again).

const keyFor = (surveyId: string) => `quorum.thank-you.${surveyId}`;

export function rememberThankYou(surveyId: string, screen: ThankYouScreen | null): void {
  try {
    if (screen) sessionStorage.setItem(keyFor(surveyId), JSON.stringify(screen));
    else sessionStorage.removeItem(keyFor(surveyId));
  } catch {
    // Storage refused: the product's own thank-you texts show instead.
  }
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The survey's thank-you screen handed over at submit, checked again (the redirect must pass `isSafeRedirectUrl`). */
export function thankYouFor(surveyId: string): ThankYouScreen | null {
  let saved: unknown;
  try {
    saved = JSON.parse(sessionStorage.getItem(keyFor(surveyId)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof saved !== 'object' || saved === null) return null;
  const { title, text, redirectUrl } = isJsonObject(saved) ? saved : {};
  const url = textOrNull(redirectUrl);
  return { title: textOrNull(title), text: textOrNull(text), redirectUrl: url && isSafeRedirectUrl(url) ? url : null };
}
