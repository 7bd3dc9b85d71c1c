// The public survey's addresses (section 2). Imported by the entry, so it imports nothing.

const PUBLIC_PATH = /^\/projects\/([^/]+)\/surveys\/([^/]+)(\/thank-you)?\/?$/;

export interface PublicPathMatch {
  projectId: string;
  surveyId: string;
  thankYou: boolean;
}

/** Whether a pathname is the public survey or its thank-you page (the routes of app/router.tsx). */
export function matchPublicPath(pathname: string): PublicPathMatch | null {
  const match = PUBLIC_PATH.exec(pathname);
  if (!match) return null;
  try {
    return {
      projectId: decodeURIComponent(match[1]!),
      surveyId: decodeURIComponent(match[2]!),
      thankYou: Boolean(match[3]),
    };
  } catch {
    return null;
  }
}

export function surveyPath(projectId: string, surveyId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/surveys/${encodeURIComponent(surveyId)}`;
}

export function thankYouPath(projectId: string, surveyId: string): string {
  return `${surveyPath(projectId, surveyId)}/thank-you`;
}
