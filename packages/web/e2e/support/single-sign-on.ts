import type { ProviderAccount } from '../../../server/test/support/openid-provider';

/**
 * The OpenID provider global-setup starts on loopback for every worker's portal (its issuer on a
 * port chosen before the portals, which must know it), and the people it knows, by login.
 */
export const OIDC = {
  name: 'Company login',
  clientId: 'evfleet',
  clientSecret: 'evfleet-e2e-client-secret-0123456789',
  accounts: {
    // The demo administrator's address, verified at the provider.
    admin: { email: 'admin@evfleet.local', email_verified: true },
    unverified: { email: 'admin@evfleet.local', email_verified: false },
  } satisfies Record<string, ProviderAccount>,
};

/** What a portal is told of the provider at `issuer`. */
export const oidcEnv = (issuer: string) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: OIDC.clientId,
  OIDC_CLIENT_SECRET: OIDC.clientSecret,
  OIDC_NAME: OIDC.name,
});
