// One response per browser is a courtesy limit, not identity: the id is a random value kept in this
// browser's storage, so clearing it, another browser or a private window answers again.

const idKey = (surveyId: string) => `quorum.respondent.${surveyId}`;
const respondedKey = (surveyId: string) => `quorum.responded.${surveyId}`;

/** 128 random bits as 32 hex digits (getRandomValues also works on plain http, unlike randomUUID). */
function newRespondentId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This browser's respondent id for a survey: made once, then kept. */
export function respondentIdFor(surveyId: string): string {
  try {
    const kept = localStorage.getItem(idKey(surveyId));
    if (kept && /^[a-f0-9]{32}$/.test(kept)) return kept;
    const id = newRespondentId();
    localStorage.setItem(idKey(surveyId), id);
    return id;
  } catch {
    // Storage refused (private mode): an id for this visit only.
    return newRespondentId();
  }
}

/** Remembers that this browser has responded, after the server accepted the response (or said it had one). */
export function markResponded(surveyId: string): void {
  try {
    localStorage.setItem(respondedKey(surveyId), '1');
  } catch {
    // Nothing kept: the server still refuses a second response with the same id.
  }
}

export function hasResponded(surveyId: string): boolean {
  try {
    return localStorage.getItem(respondedKey(surveyId)) === '1';
  } catch {
    return false;
  }
}
