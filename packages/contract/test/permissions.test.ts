import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, PERMISSIONS, WORKSPACE_ROLES, can, type PermissionAction } from '../src';

const ROLES = [...WORKSPACE_ROLES, 'admin'] as const;
const ACTIONS = Object.keys(PERMISSIONS) as PermissionAction[];

describe('the permission map', () => {
  it('says for every action what every role may do, and which scope an API key needs', () => {
    for (const action of ACTIONS) {
      const permission = PERMISSIONS[action];
      expect(Object.keys(permission).sort(), action).toEqual([...ROLES, 'apiKey'].sort());
      for (const role of ROLES) expect(typeof permission[role], `${action} ${role}`).toBe('boolean');
      expect([...API_KEY_SCOPES, null], action).toContain(permission.apiKey);
    }
  });

  it('lets owners do everything a workspace member may, and editors all of it but managing the workspace', () => {
    for (const action of ACTIONS) {
      if (can('editor', action) || can('viewer', action)) expect(can('owner', action), action).toBe(true);
      if (can('viewer', action)) expect(can('editor', action), action).toBe(true);
    }
    expect(ACTIONS.filter((action) => can('owner', action) && !can('editor', action))).toEqual(['manage-workspace']);
  });

  it('answers known decisions', () => {
    expect(can('viewer', 'view-results')).toBe(true);
    expect(can('viewer', 'edit')).toBe(false);
    expect(can('viewer', 'see-share-link')).toBe(false);
    expect(can('editor', 'manage-webhooks')).toBe(true);
    expect(can('editor', 'manage-workspace')).toBe(false);
    expect(can('owner', 'restore')).toBe(false);
    expect(can('admin', 'restore')).toBe(true);
    expect(can('admin', 'see-share-link')).toBe(true);
    expect(can('admin', 'share-results')).toBe(false);
    // No role (not a member, or an administrator's null role on a survey): nothing.
    expect(ACTIONS.filter((action) => can(null, action) || can(undefined, action))).toEqual([]);
  });

  it('lets an API key do what its scopes name, and never what is for sessions only', () => {
    expect(can({ scopes: ['responses:read'] }, 'view-results')).toBe(true);
    expect(can({ scopes: ['surveys:read'] }, 'view-results')).toBe(false);
    expect(can({ scopes: ['surveys:write'] }, 'manage-webhooks')).toBe(true);
    expect(can({ scopes: ['responses:write'] }, 'delete-responses')).toBe(true);
    expect(ACTIONS.filter((action) => !can({ scopes: API_KEY_SCOPES }, action))).toEqual([
      'share-results',
      'see-share-link',
      'manage-workspace',
    ]);
  });
});
