import type * as OpenIdClient from 'openid-client';
import type { OidcConfig } from '../../config';

/** openid-client, loaded by the first single sign-on rather than at start-up. */
let openIdClient: Promise<typeof OpenIdClient> | undefined;
const loadClient = () => (openIdClient ??= import('openid-client'));

/** What the provider said about the person, from the checked ID token and, when it left them out, userinfo. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  /** True only when the provider says so with a boolean true. */
  emailVerified: boolean;
  name: string | undefined;
}

/** Why the provider's answer was refused: `nonce` when the ID token was for another sign-in. */
export class ProviderAnswerError extends Error {
  constructor(
    readonly reason: 'nonce' | 'provider',
    options?: { cause?: unknown },
  ) {
    super(`the identity provider's answer was refused (${reason})`, options);
  }
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** The checks a callback must pass: the values kept from its authorization request. */
export interface CallbackChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The OpenID Connect client (openid-client): discovery from the configured issuer, the authorization URL, and the
 * code exchange with every check of the ID token (signature, issuer, audience, expiry, nonce) and PKCE. The only
 * addresses it ever calls are the issuer's discovery document and the endpoints that document names; nothing a
 * browser sends becomes an address.
 */
export function createOidcClient(settings: OidcConfig, options: { timeoutSeconds?: number } = {}) {
  let configuration: Promise<OpenIdClient.Configuration> | undefined;

  /** Discovery once; a failed one is tried again on the next sign-in. */
  function discover(): Promise<OpenIdClient.Configuration> {
    configuration ??= loadClient()
      .then((client) =>
        client.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
          timeout: options.timeoutSeconds ?? 10,
          // Plain http is accepted by the settings only for a provider on this machine.
          execute: new URL(settings.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
        }),
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    /** The provider's authorization URL for one sign-in (scopes `openid email profile`, PKCE S256). */
    async authorizationUrl(request: AuthorizationRequest): Promise<URL> {
      const config = await discover();
      const client = await loadClient();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: 'openid email profile',
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    /**
     * Trades the code in `callbackUrl` for tokens and checks them; reads userinfo when the ID token leaves the
     * email out. Throws ProviderAnswerError.
     */
    async finish(callbackUrl: URL, checks: CallbackChecks): Promise<ProviderIdentity> {
      const client = await loadClient();
      try {
        const config = await discover();
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token');
        let source: Record<string, unknown> = claims;
        if (claims.email === undefined || claims.email_verified === undefined) {
          source = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
        }
        return {
          issuer: claims.iss,
          subject: claims.sub,
          email: typeof source.email === 'string' ? source.email.trim().toLowerCase() : undefined,
          emailVerified: source.email_verified === true,
          name: typeof source.name === 'string' ? source.name : undefined,
        };
      } catch (error) {
        throw new ProviderAnswerError(isNonceMismatch(client, error) ? 'nonce' : 'provider', { cause: error });
      }
    },
  };
}

/** openid-client's refusal of an ID token whose nonce is not the one this sign-in sent. */
function isNonceMismatch(client: typeof OpenIdClient, error: unknown): boolean {
  if (!(error instanceof client.ClientError) || error.code !== 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') return false;
  const detail = (error.cause as { cause?: { claim?: unknown } } | undefined)?.cause;
  return detail?.claim === 'nonce';
}
