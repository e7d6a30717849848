import * as client from 'openid-client';
import type { Config } from '../../config.js';

type OidcConfig = NonNullable<Config['oidc']>;

/** What the provider says of the person who signed in (the ID token's claims). */
export interface OidcClaims {
  email?: unknown;
  email_verified?: unknown;
  [claim: string]: unknown;
}

/**
 * The provider as `openid-client` speaks to it: its configuration, discovered once (and again after
 * a failure), the authorization URL with PKCE, the code's exchange, and the end of its session.
 */
export function createOidcClient(oidc: OidcConfig, redirectUri: string) {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = () => {
    discovered ??= client
      .discovery(new URL(oidc.issuer), oidc.clientId, oidc.clientSecret, undefined, {
        // A provider on plain http is a test's or a private network's: allowed as configured.
        execute: new URL(oidc.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        discovered = null;
        throw err;
      });
    return discovered;
  };

  return {
    /** Where the browser signs in: code flow with PKCE (S256), a state and a nonce. */
    async authorizationUrl(checks: { state: string; nonce: string; codeVerifier: string }) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    /** The provider's return, checked and exchanged for its tokens: the ID token's claims and the token itself. */
    async exchange(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }) {
      const tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      return { claims: (tokens.claims() ?? {}) as OidcClaims, idToken: tokens.id_token ?? null };
    },

    /** Where the browser ends the provider's session, when it has an end_session_endpoint. */
    async endSessionUrl(idToken: string | null, after: string) {
      const config = await configuration();
      if (!idToken || !config.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: after }).toString();
    },
  };
}

/** A sign-in's checks: the given state, a new nonce and a new PKCE verifier. */
export const newChecks = (state: string) => ({
  state,
  nonce: client.randomNonce(),
  codeVerifier: client.randomPKCECodeVerifier(),
});
