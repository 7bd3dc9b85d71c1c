// Free of the router and of React: the API client imports it, and the public survey page imports the API client.
import { isJsonObject, type UserType } from '@quorum/contract';
import { loginPath, matchRoute, paths } from '@/config/paths';

/** Why the login page was opened, shown above its form (`?notice=`). */
export type LoginNotice = 'session-ended' | 'password-reset' | 'signed-out-everywhere';

/** The search parameter with the page to return to after logging in again. */
export const NEXT_PARAM = 'next';

const AUTH_PATHS: readonly string[] = [
  paths.auth.login.path,
  paths.auth.adminLogin.path,
  paths.auth.register.path,
  paths.auth.forgotPassword.path,
  paths.auth.resetPassword.path,
];

/**
 * The page to return to after logging in, when `raw` is a path of this site in the role's own area, else null.
 * Refused: anything that is not a plain absolute path (`https://…`, `//host`, `/\host`, `javascript:`),
 * backslashes and control characters (browsers read them as other paths), the other role's area, and the
 * signed-out screens.
 */
export function safeReturnPath(raw: string | null | undefined, role: UserType): string | null {
  if (!raw || raw.length > 2048 || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  const base = 'https://return.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const inAdminArea = url.pathname === '/admin' || url.pathname.startsWith('/admin/');
  if (inAdminArea !== (role === 'admin')) return null;
  if (AUTH_PATHS.includes(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The role's login page with a notice, and the page to return to when there is one. */
export function loginHref(role: UserType, notice: LoginNotice, returnTo?: string): string {
  const params = new URLSearchParams({ notice });
  const next = safeReturnPath(returnTo, role);
  if (next) params.set(NEXT_PARAM, next);
  return `${loginPath(role)}?${params.toString()}`;
}

/**
 * The page to return to, kept in this tab across a single sign-on: the identity provider's round trip drops the
 * login page's address, so the page it returns to reads it from here (once, and checked again).
 */
const SSO_RETURN_KEY = 'quorum.ssoReturnPath';

export function keepReturnPathForSso(path: string | null): void {
  if (path) sessionStorage.setItem(SSO_RETURN_KEY, path);
  else sessionStorage.removeItem(SSO_RETURN_KEY);
}

export function takeSsoReturnPath(role: UserType): string | null {
  const kept = sessionStorage.getItem(SSO_RETURN_KEY);
  sessionStorage.removeItem(SSO_RETURN_KEY);
  return safeReturnPath(kept, role);
}

/**
 * An invitation link opened while signed out, kept in this browser until the invitee is back signed in: registering
 * goes through the verification mail and the login page without the invitation's address, so the login page
 * returns to it from here. Only an invitation's address is kept, for as long as invitations are valid.
 */
const INVITATION_RETURN_KEY = 'quorum.invitationReturnPath';
const INVITATION_RETURN_MS = 7 * 24 * 60 * 60 * 1000;

export function rememberInvitationPath(path: string): void {
  if (!matchRoute(paths.invitation, path)) return;
  try {
    localStorage.setItem(INVITATION_RETURN_KEY, JSON.stringify({ path, until: Date.now() + INVITATION_RETURN_MS }));
  } catch {
    // Private mode: the invitee opens the mail's link again after signing in.
  }
}

export function forgetInvitationPath(): void {
  try {
    localStorage.removeItem(INVITATION_RETURN_KEY);
  } catch {
    // Nothing was kept.
  }
}

function rememberedInvitationPath(): string | null {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(INVITATION_RETURN_KEY) ?? 'null');
    if (
      !isJsonObject(kept) ||
      typeof kept.path !== 'string' ||
      typeof kept.until !== 'number' ||
      kept.until < Date.now()
    )
      return null;
    return matchRoute(paths.invitation, kept.path) ? kept.path : null;
  } catch {
    return null;
  }
}

/**
 * Where logging in leads: the login page's `?next=` when it is safe, else (users only) an invitation opened before
 * signing in, else null for the dashboard.
 */
export function returnPathAfterSignIn(next: string | null | undefined, role: UserType): string | null {
  return safeReturnPath(next, role) ?? (role === 'user' ? safeReturnPath(rememberedInvitationPath(), role) : null);
}
