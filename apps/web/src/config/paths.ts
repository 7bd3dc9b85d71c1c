/**
 * Every address of the app, by name. `path` is the pattern the router matches (always the whole path,
 * `:name` for a parameter); `getHref` builds a link to it, encoding each parameter.
 *
 * The entry (main.tsx) and the public survey page import this module, and so do the end-to-end
 * tests: it imports nothing.
 */

type Params<K extends string> = Readonly<Record<K, string>>;

const route = (path: string) => ({ path, getHref: () => path });

function routeWith<K extends string>(path: string) {
  return {
    path,
    getHref: (params: Params<K>) => path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name as K])),
  };
}

/** The screens every signed-in area has, with the same names in both. */
interface AreaPaths {
  dashboard: ReturnType<typeof route>;
  profile: ReturnType<typeof route>;
  surveys: ReturnType<typeof route>;
  respondents: ReturnType<typeof route>;
  analytics: ReturnType<typeof route>;
  surveyResults: ReturnType<typeof routeWith<'surveyId'>>;
}

const user = {
  dashboard: route('/dashboard'),
  profile: route('/profile'),
  surveys: route('/surveys'),
  respondents: route('/respondents'),
  analytics: route('/analytics'),
  createSurvey: route('/surveys/create'),
  editSurvey: routeWith<'surveyId'>('/surveys/:surveyId/edit'),
  surveyResults: routeWith<'surveyId'>('/surveys/:surveyId/results'),
  /** A team workspace's settings: its members, invitations, name. */
  workspace: routeWith<'workspaceId'>('/workspaces/:workspaceId'),
};

/** The administrators' area: the same screen names under /admin. */
const admin = {
  root: route('/admin'),
  dashboard: route('/admin/dashboard'),
  profile: route('/admin/profile'),
  surveys: route('/admin/surveys'),
  respondents: route('/admin/respondents'),
  analytics: route('/admin/analytics'),
  surveyResults: routeWith<'surveyId'>('/admin/surveys/:surveyId/results'),
  audit: route('/admin/audit'),
};

export const paths = {
  /** Leads to the login page. */
  home: route('/'),
  status: route('/status'),
  auth: {
    login: route('/login'),
    adminLogin: route('/admin/login'),
    /** Where single sign-on returns with a one-time code (`#code=…`); the server's SSO_RETURN_PATHS name the same. */
    ssoComplete: route('/login/sso'),
    adminSsoComplete: route('/admin/login/sso'),
    register: route('/register'),
    verifyEmail: routeWith<'token'>('/verify/:token'),
    forgotPassword: route('/forgot-password'),
    /** Opened from the reset mail: `/reset-password?token=…`. */
    resetPassword: route('/reset-password'),
  },
  /** The respondent's pages, public. */
  publicSurvey: {
    survey: routeWith<'projectId' | 'surveyId'>('/projects/:projectId/surveys/:surveyId'),
    thankYou: routeWith<'projectId' | 'surveyId'>('/projects/:projectId/surveys/:surveyId/thank-you'),
  },
  /** A survey's results as its owner shared them: read-only, for anyone with the link, signed in or not. */
  sharedResults: routeWith<'token'>('/shared/results/:token'),
  /**
   * An invitation to a team workspace, opened from its mail (the server mails `{PUBLIC_URL}/invitations/{token}`):
   * signed out it offers to sign in or register, signed in to accept.
   */
  invitation: routeWith<'token'>('/invitations/:token'),
  notifications: {
    /** Opened from a notification mail (`/notifications/unsubscribe?token=…`): public, asks before turning off. */
    unsubscribe: route('/notifications/unsubscribe'),
  },
  user,
  admin,
  /** The survey run in the real runner, recording nothing: its owner's, or any for an administrator. */
  surveyPreview: routeWith<'surveyId'>('/surveys/:surveyId/preview'),
} as const;

type Role = 'user' | 'admin';

/** The signed-in area of a role: the user's at the root, the administrators' under /admin. */
export function areaPaths(role: Role): AreaPaths {
  return role === 'admin' ? paths.admin : paths.user;
}

/** The dashboard of a role. */
export function homePath(role: Role): string {
  return areaPaths(role).dashboard.getHref();
}

/** The login page of a role. */
export function loginPath(role: Role): string {
  return (role === 'admin' ? paths.auth.adminLogin : paths.auth.login).getHref();
}

/**
 * The parameters of `pathname` when it is an address of `path` (a trailing slash allowed), else null;
 * null too when a parameter is not valid percent-encoding.
 */
export function matchRoute<K extends string>(
  { path }: { path: string; getHref: (params: Params<K>) => string },
  pathname: string,
): Params<K> | null {
  const names: string[] = [];
  const pattern = path.replace(/:(\w+)|[^:]+/g, (part, name?: string) => {
    if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}/?$`).exec(pathname);
  if (!match) return null;
  try {
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)])) as Params<K>;
  } catch {
    return null;
  }
}
