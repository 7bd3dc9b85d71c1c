import { describe, expect, it } from 'vitest';
import { loginHref, safeReturnPath } from './return-path';

describe('the page to return to after logging in', () => {
  it('is a path of the role’s own area, with its query and fragment', () => {
    expect(safeReturnPath('/surveys/create', 'user')).toBe('/surveys/create');
    expect(safeReturnPath('/surveys/abc/edit?x=1#q2', 'user')).toBe('/surveys/abc/edit?x=1#q2');
    expect(safeReturnPath('/admin/surveys/abc/results', 'admin')).toBe('/admin/surveys/abc/results');
  });

  it.each([
    null,
    '',
    'surveys',
    'https://evil.example/surveys',
    '//evil.example/surveys',
    '/\\evil.example',
    'javascript:alert(1)',
    '/surveys\u0000',
    '/surveys\n/x',
    ' /surveys',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password?token=x',
    '/admin/dashboard',
    '/admin',
  ])('refuses %j for a user', (raw) => {
    expect(safeReturnPath(raw, 'user')).toBeNull();
  });

  it('keeps users and administrators in their own areas', () => {
    expect(safeReturnPath('/dashboard', 'admin')).toBeNull();
    expect(safeReturnPath('/admin/login', 'admin')).toBeNull();
    expect(safeReturnPath('/administrators', 'user')).toBe('/administrators');
  });

  it('goes into the login link only when it passes', () => {
    expect(loginHref('user', 'session-ended', '/surveys/create')).toBe(
      '/login?notice=session-ended&next=%2Fsurveys%2Fcreate',
    );
    expect(loginHref('user', 'session-ended', '//evil.example')).toBe('/login?notice=session-ended');
    expect(loginHref('admin', 'signed-out-everywhere')).toBe('/admin/login?notice=signed-out-everywhere');
  });
});
