import { z } from 'zod';

/**
 * Single sign-on with an OpenID provider (docs/integrations.md): the provider returns the browser
 * to the web app's /oidc with a one-time code, which the app exchanges for its token.
 */
export const OIDC_PAGE = '/oidc';

/** Why a sign-in through the provider did not end signed in: /oidc?error=… */
export const OIDC_ERRORS = ['unverified', 'no-account', 'inactive', 'expired', 'failed'] as const;
export type OidcError = (typeof OIDC_ERRORS)[number];

/** GET api/oidc/status: what the sign-in page offers. */
export const oidcStatusSchema = z.object({
  enabled: z.boolean(),
  /** The provider's name on the "Sign in with …" button. */
  name: z.string().nullable(),
  passwordSignIn: z.boolean(),
});
export type OidcStatus = z.infer<typeof oidcStatusSchema>;

/** POST api/oidc/exchange. */
export const oidcExchangeSchema = z.object({ code: z.string({ error: 'is required' }).min(1).max(200) });

/** Its answer: the token as api/authenticate answers it, and where the provider's session ends at sign-out. */
export const oidcExchangedSchema = z.object({ id_token: z.string(), endSessionUrl: z.string().nullable() });
export type OidcExchanged = z.infer<typeof oidcExchangedSchema>;

export const PASSWORD_SIGNIN_OFF = 'Password sign-in is turned off: sign in with single sign-on.';
