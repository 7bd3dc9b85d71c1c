import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';
import type { OidcConfig } from '@quorum/server/src/config';
import { listen, stopServer } from './ports';

/** What the provider says about an account (its login is its subject). */
export interface ProviderAccount {
  email?: string;
  /** Sent as given: anything but boolean true must be refused. */
  email_verified?: unknown;
  name?: string;
}

export interface OidcProviderStandIn {
  /** The issuer, for OIDC_ISSUER: `http://127.0.0.1:<port>`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The server's `oidc` settings for this provider, name "Loopback ID" unless `overrides` says otherwise. */
  serverConfig(overrides?: Partial<OidcConfig>): OidcConfig;
  /** The OIDC_* environment for a server process. */
  env(overrides?: { name?: string; allowedDomains?: string; adminEmails?: string }): Record<string, string>;
  /**
   * Sets what the provider says about the account with this login. A login without an entry is an account whose
   * email is the login, verified.
   */
  setAccount(login: string, account: ProviderAccount): void;
  /**
   * Plays the browser at the provider: opens `authorizationUrl`, signs in with `login` on the provider's own
   * form, and answers the address the provider redirects back to (the app's callback, not followed).
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

const CLIENT_ID = 'quorum';
const CLIENT_SECRET = 'quorum-client-secret-for-the-loopback-provider';

/**
 * A real OpenID provider (oidc-provider) on loopback, with one confidential client (the given redirect URIs, PKCE
 * required) and its development sign-in form: any login and password sign in as the account named by the login.
 * Consent is implied for the client, as for a company's own provider.
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  port?: number;
}): Promise<OidcProviderStandIn> {
  const accounts = new Map<string, ProviderAccount>();
  // The issuer names the port, so the server listens before the provider exists and hands it requests after.
  const route: { handler?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server = createServer((req, res) => route.handler?.(req, res));
  const port = await listen(server, { port: options.port ?? 0 });
  const issuer = `http://127.0.0.1:${port}`;

  const accountOf = (login: string): ProviderAccount =>
    accounts.get(login) ?? { email: login, email_verified: true, name: login.split('@')[0] };

  const configuration: Configuration = {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['loopback-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, ...(accountOf(id) as Record<string, unknown>) }),
    }),
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  // The development form warns on start; it is what these tests want.
  const warn = console.warn;
  console.warn = () => {};
  let provider: Provider;
  try {
    provider = new Provider(issuer, configuration);
  } finally {
    console.warn = warn;
  }
  route.handler = provider.callback();

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    serverConfig: (overrides = {}) => ({
      issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      name: 'Loopback ID',
      allowedDomains: [],
      adminEmails: [],
      ...overrides,
    }),
    env: (overrides = {}) => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_NAME: overrides.name ?? 'Loopback ID',
      OIDC_ALLOWED_DOMAINS: overrides.allowedDomains ?? '',
      OIDC_ADMIN_EMAILS: overrides.adminEmails ?? '',
    }),
    setAccount: (login, account) => void accounts.set(login, account),
    signIn: (authorizationUrl, login) => playBrowser(issuer, authorizationUrl, login),
    close: () => stopServer(server),
  };
}

/** Follows the provider's redirects with a cookie jar and fills its sign-in form, until it sends the browser away. */
async function playBrowser(issuer: string, authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, { value: string; path: string }>();
  const cookieHeader = (url: URL) =>
    [...jar.entries()]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const [name, ...value] = pair!.split('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      if (expired) jar.delete(name!);
      else jar.set(name!, { value: value.join('='), path });
    }
  };

  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 12; step++) {
    if (url.origin !== issuer) return url;
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader(url) },
    });
    keep(response);
    init = {};
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html = await response.text();
    if (response.status === 200 && html.includes('name="login"')) {
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString(),
      };
      continue;
    }
    throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${html.slice(0, 300)}`);
  }
  throw new Error('the provider kept redirecting');
}
