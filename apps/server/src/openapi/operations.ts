import type { ApiKeyScope, UserType } from '@quorum/contract';

/**
 * What the document says about each operation beyond its schemas: its tag, its security and the errors it may
 * answer. Pure rules on what a route declares, so that they hold for routes added later without a list to keep.
 */

/** What the rules read of a registered route. */
export interface RouteFacts {
  method: string;
  /** As registered, e.g. `/api/surveys/:surveyId`. */
  url: string;
  /** The roles of the session guard in its onRequest hooks; absent for a route without one. */
  signedIn?: readonly UserType[];
  /** `config.apiKeyScope`: the route also takes an API key with this scope. */
  apiKeyScope?: ApiKeyScope;
  /** `config.signedLink`, without a session guard: a signed download link in `token` is the credential. */
  signedLink?: boolean;
  /** `config.rateLimit` is set. */
  rateLimited: boolean;
  hasParams: boolean;
  hasQuery: boolean;
  hasBody: boolean;
}

export type Security = Array<Record<string, string[]>>;

export interface OperationExtras {
  tags: string[];
  operationId: string;
  security: Security;
  /** Error statuses the operation may answer with the error body, and why; `default` for anything else. */
  errors: Map<string, string>;
  /** Who may call it, in words, for the operation's description. */
  access: string;
}

/** The tags, in the order the docs page lists them; a route takes the first whose pattern matches its path. */
export const TAGS: ReadonlyArray<{ name: string; description: string; pattern: RegExp }> = [
  { name: 'Health', description: 'Liveness and readiness of this instance.', pattern: /^\/api\/health(\/|$)/ },
  { name: 'Configuration', description: 'Public settings the web app reads first.', pattern: /^\/api\/config$/ },
  {
    name: 'API keys',
    description: 'Personal API keys (session only: a key never manages keys).',
    pattern: /^\/api\/user\/api-keys(\/|$)/,
  },
  {
    name: 'Workspaces',
    description: 'Team workspaces, their members and invitations (session only: a key never manages them).',
    pattern: /^\/api\/(workspaces|invitations)(\/|$)/,
  },
  {
    name: 'Single sign-on',
    description: 'Signing in through the OpenID Connect provider.',
    pattern: /^\/api\/(user\/auth|admin\/auth|auth)\/sso(\/|$)/,
  },
  {
    name: 'Two-factor',
    description: 'Time-based one-time codes at sign-in.',
    pattern: /^\/api\/(user|admin)\/auth\/(2fa|login\/2fa)(\/|$)/,
  },
  {
    name: 'Account',
    description: 'Registering, signing in and out, the profile, the password, export and deletion.',
    pattern: /^\/api\/user\//,
  },
  { name: 'Audit log', description: 'Security-relevant events, for administrators.', pattern: /^\/api\/admin\/audit/ },
  { name: 'Administrators', description: "Administrators' own sign-in and profile.", pattern: /^\/api\/admin\// },
  {
    name: 'Notifications',
    description: 'Email notifications: the unsubscribe link (no sign-in).',
    pattern: /^\/api\/notifications(\/|$)/,
  },
  {
    name: 'Webhooks',
    description: 'Signed HTTP callbacks about a survey, their deliveries and resends.',
    pattern: /^\/api\/surveys\/[^/]+\/webhooks(\/|$)/,
  },
  {
    name: 'Survey taking',
    description: "The public page's survey, its visits and the submission of responses (no sign-in).",
    pattern: /^\/api\/surveys\/:surveyId\/(public|visits)(\/|$)/,
  },
  {
    name: 'Results',
    description: 'Results, responses, exports, live updates, insights and sharing.',
    pattern: /^\/api\/(surveys\/:surveyId\/(results|responses)|shared\/)/,
  },
  {
    name: 'Surveys',
    description: 'Authoring surveys, their settings and their state.',
    pattern: /^\/api\/(surveys|images)(\/|$)/,
  },
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The English meaning of each error status, as the document describes it. */
export const ERROR_DESCRIPTIONS: ReadonlyMap<string, string> = new Map([
  ['400', 'The request did not pass validation (`VALIDATION_FAILED`, `MALFORMED_JSON`, …) or breaks a rule.'],
  ['401', 'No valid session token or API key (`UNAUTHORIZED`, `INVALID_TOKEN`; a revoked key too).'],
  ['403', 'Signed in, but not allowed: the wrong role, or an API key without the scope this operation needs.'],
  ['404', 'Not found, or not yours: the answer is the same, so existence is not revealed.'],
  ['409', 'Conflicts with the current state (e.g. a survey that is not in the right state).'],
  ['413', 'The body is larger than this operation takes (`PAYLOAD_TOO_LARGE`).'],
  ['415', 'The body is not JSON (`UNSUPPORTED_MEDIA_TYPE`).'],
  ['422', 'Understood, but cannot be done with what was sent.'],
  ['429', 'Too many requests (`RATE_LIMITED`); the `retry-after` header says when to try again.'],
  ['502', 'A service this operation relies on answered wrongly.'],
  ['503', 'Not available right now (a service it relies on, or this instance is not ready).'],
  ['504', 'A service this operation relies on did not answer in time.'],
  ['default', 'Any other error, with the same body; a 5xx carries a `requestId` to quote.'],
]);

/** The tag, operation id, security and possible errors of one route. */
export function describeOperation(route: RouteFacts): OperationExtras {
  const tag = TAGS.find((t) => t.pattern.test(route.url))?.name ?? 'Other';
  const authenticated = route.signedIn !== undefined && route.signedIn.length > 0;
  const signedLink = !authenticated && route.signedLink === true;
  const security: Security = [];
  // A signed link's route also takes the session token in the handler (a download from a script).
  if (authenticated || signedLink) security.push({ session: [] });
  if (route.apiKeyScope) security.push({ apiKey: [route.apiKeyScope] });
  if (signedLink) security.push({ signedLink: [] });

  const statuses = new Set<string>();
  if (route.hasParams || route.hasQuery || route.hasBody || BODY_METHODS.has(route.method)) statuses.add('400');
  if (security.length > 0) statuses.add('401').add('403');
  if (route.hasParams) statuses.add('404');
  if (route.hasBody || BODY_METHODS.has(route.method)) statuses.add('413').add('415');
  if (route.rateLimited || route.apiKeyScope) statuses.add('429');
  statuses.add('default');
  const errors = new Map([...statuses].map((status) => [status, ERROR_DESCRIPTIONS.get(status) ?? 'Error']));

  return { tags: [tag], operationId: operationId(route.method, route.url), security, errors, access: access(route) };
}

function access(route: RouteFacts): string {
  const roles = route.signedIn ?? [];
  const who =
    roles.length === 0
      ? route.signedLink
        ? 'A signed link (`token`, from the matching export-link operation, valid for 60 seconds) or a session token.'
        : 'Public: no sign-in.'
      : roles.length > 1
        ? 'A signed-in user or administrator (session token).'
        : roles[0] === 'admin'
          ? 'A signed-in administrator (session token).'
          : 'A signed-in user (session token).';
  const key = route.apiKeyScope
    ? ` An API key with the \`${route.apiKeyScope}\` scope works too.`
    : roles.length > 0
      ? ' API keys are refused.'
      : '';
  return who + key;
}

/**
 * A stable, unique name for the operation from its method and path: `GET /api/surveys/:surveyId/results.csv`
 * is `getSurveysBySurveyIdResultsCsv`.
 */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** Fastify's `:param` (and a trailing `*`) as OpenAPI's `{param}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{wildcard}');
}
