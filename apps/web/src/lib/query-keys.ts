/**
 * Query keys shared by more than one feature. Features may not import each other, yet a save in
 * the editor (or a generation on the dashboard) must refresh the dashboard's list: both sides
 * use these keys, so a mutation invalidates a query by that query's own key.
 */
export const surveyKeys = {
  all: ['surveys'] as const,
  lists: () => [...surveyKeys.all, 'list'] as const,
  list: (params: { limit: number }) => [...surveyKeys.lists(), params] as const,
  details: () => [...surveyKeys.all, 'detail'] as const,
  detail: (surveyId: string) => [...surveyKeys.details(), surveyId] as const,
};

/** The caller's workspaces, and each one's members and invitations. */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: () => [...workspaceKeys.all, 'list'] as const,
  members: (workspaceId: string) => [...workspaceKeys.all, workspaceId, 'members'] as const,
  invitations: (workspaceId: string) => [...workspaceKeys.all, workspaceId, 'invitations'] as const,
};
