// MERGE: the Teams web workspaces part replaces this placeholder with the switcher (a labelled select of the
// caller's workspaces from useCurrentWorkspace, "New workspace…", and a link to the workspace's settings).
export function WorkspaceSwitcher() {
  return null;
}
