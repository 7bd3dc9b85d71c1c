import type { SurveySummary } from '@quorum/contract';

type SurveyPeople = Pick<
  SurveySummary,
  'workspaceId' | 'userId' | 'createdBy' | 'updatedBy' | 'createdAt' | 'updatedAt'
>;

/**
 * A survey of a team workspace. A personal workspace's id is its owner's id, so a personal survey's workspace is
 * the account that made it: for those, screens show nothing about who made or changed them.
 */
export function isTeamSurvey(survey: Pick<SurveyPeople, 'workspaceId' | 'userId'>): boolean {
  return survey.workspaceId !== survey.userId;
}

/** Who made the survey, or a stand-in once their account is gone. */
export function creatorName(survey: Pick<SurveyPeople, 'createdBy'>): string {
  return survey.createdBy?.name ?? 'a former member';
}

/** Who saved the survey last and when, when that tells something: someone other than its maker, or later. */
export function lastChange(survey: SurveyPeople): { name: string; at: string } | null {
  if (!survey.updatedBy) return null;
  const sameAsCreation = survey.updatedBy.id === survey.createdBy?.id && survey.updatedAt <= survey.createdAt;
  return sameAsCreation ? null : { name: survey.updatedBy.name, at: survey.updatedAt };
}
