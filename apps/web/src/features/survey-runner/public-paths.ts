import { matchRoute, paths } from '@/config/paths';

// Imported by the entry: only the route table, which imports nothing.

export interface PublicPathMatch {
  projectId: string;
  surveyId: string;
  thankYou: boolean;
}

/** Whether a pathname is the public survey or its thank-you page, and which survey. */
export function matchPublicPath(pathname: string): PublicPathMatch | null {
  const thankYou = matchRoute(paths.publicSurvey.thankYou, pathname);
  if (thankYou) return { ...thankYou, thankYou: true };
  const survey = matchRoute(paths.publicSurvey.survey, pathname);
  return survey ? { ...survey, thankYou: false } : null;
}
