import type { OidcExchanged, OidcStatus } from '@evfleet/domain';
import { queryOptions } from '@tanstack/react-query';
import { buildUrl, http } from '../../../api/http';
import { signInWithToken } from '../../../session/session-store';

/**
 * GET api/oidc/status: whether the sign-in page offers an OpenID provider, and the password form.
 * Silent and asked once: without an answer the password form shows as it always has.
 */
export const oidcStatusQuery = queryOptions({
  queryKey: ['oidc-status'],
  queryFn: async () => (await http.get<OidcStatus>('api/oidc/status', { silent: true })).data,
  staleTime: Infinity,
  retry: false,
});

/** Where the browser goes (a page load, not a call) to sign in at the provider. */
export async function authorizeUrl(): Promise<string> {
  return (await buildUrl('api/oidc/authorize')).href;
}

/**
 * POST api/oidc/exchange: the one-time code of the /oidc address for the account's token, which is
 * then kept as a password sign-in's is (not remembered). Silent: the /oidc page says why it failed.
 * Resolves to whether the session is signed in.
 */
export async function signInWithCode(code: string): Promise<boolean> {
  const { data } = await http.post<OidcExchanged>('api/oidc/exchange', { code }, { silent: true });
  return signInWithToken(data.id_token, { rememberMe: false, endSessionUrl: data.endSessionUrl });
}
