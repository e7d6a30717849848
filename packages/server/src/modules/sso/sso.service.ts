import { createHash, randomBytes } from 'node:crypto';
import { OIDC_PAGE, type OidcError, type OidcExchanged, type OidcStatus } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import { accountsRepository as users } from '../../auth/accounts.repository.js';
import type { Sessions } from '../../auth/sessions.js';
import type { Tokens } from '../../auth/tokens.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { notFound, unauthorized } from '../../http/errors.js';
import { linkAccount } from './account-link.js';
import { createOidcClient, newChecks } from './oidc-client.js';
import { ssoRepository as repo } from './sso.repository.js';

export const CALLBACK_PATH = '/api/oidc/callback';

/**
 * A sign-in's state is the SHA-256 of a random key that only the browser which started it holds (in
 * a cookie, sign-in-cookie.ts), as RFC 6749 §10.12 suggests: a provider's return carried to another
 * browser names a state that browser holds no key for, so no one is signed in as someone else.
 */
const stateOf = (browserKey: string) => createHash('sha256').update(browserKey).digest('base64url');

/**
 * Single sign-on with an OpenID provider (docs/integrations.md): authorization code with PKCE. The
 * provider returns the browser here; the signed-in account is handed to the web app as a one-time
 * code in its /oidc address, which the app exchanges for its token, so no token is ever in a URL.
 */
export function createSsoService(deps: {
  db: Db;
  config: Pick<Config, 'oidc' | 'appBaseUrl' | 'passwordSignIn'>;
  tokens: Tokens;
  sessions: Pick<Sessions, 'forget'>;
  log: FastifyBaseLogger;
}) {
  const { db, config } = deps;
  const oidc = config.oidc ? createOidcClient(config.oidc, `${config.appBaseUrl}${CALLBACK_PATH}`) : null;
  const page = (params: { code: string } | { error: OidcError }) =>
    `${config.appBaseUrl}${OIDC_PAGE}?${new URLSearchParams(params).toString()}`;

  /** The account a provider's return to this browser names, or why none. */
  const signedIn = async (
    callbackUrl: URL,
    browserKey: string | undefined,
  ): Promise<{ code: string } | { error: OidcError }> => {
    const state = callbackUrl.searchParams.get('state') ?? '';
    // Without this browser's key (another browser's sign-in, or a cookie lapsed or refused) no one is
    // signed in and the sign-in is left to its own browser; the page asks to sign in again.
    if (browserKey === undefined || stateOf(browserKey) !== state) return { error: 'expired' };
    const login = await repo.take(db, state);
    if (!login) return { error: 'expired' };
    if (callbackUrl.searchParams.has('error')) return { error: 'failed' };
    const { claims, idToken } = await oidc!.exchange(callbackUrl, login);
    const linked = await db.transaction((tx) => linkAccount(tx, claims, config.oidc!));
    if ('error' in linked) return linked;
    const code = randomBytes(32).toString('base64url');
    const endSessionUrl = await oidc!.endSessionUrl(idToken, `${config.appBaseUrl}/login`);
    await repo.handOff(db, code, linked.userId, endSessionUrl);
    return { code };
  };

  return {
    status: (): OidcStatus => ({
      enabled: oidc !== null,
      name: config.oidc?.name ?? null,
      passwordSignIn: config.passwordSignIn,
    }),

    /** Where the browser goes to sign in at the provider, and the key it keeps to come back with. */
    async authorize() {
      if (!oidc) throw notFound('Single sign-on');
      const browserKey = randomBytes(32).toString('base64url');
      const checks = newChecks(stateOf(browserKey));
      await repo.begin(db, checks);
      return { url: (await oidc.authorizationUrl(checks)).toString(), browserKey };
    },

    /**
     * Where the provider's return sends the browser: the web app's /oidc, with a one-time code or an
     * error. `browserKey` is the key the browser kept at authorize, if it still has it.
     */
    async callback(requestUrl: string, browserKey: string | undefined) {
      if (!oidc) throw notFound('Single sign-on');
      try {
        return page(await signedIn(new URL(requestUrl, config.appBaseUrl), browserKey));
      } catch (err) {
        deps.log.warn({ err }, 'single sign-on failed');
        return page({ error: 'failed' });
      }
    },

    /** The one-time code for the account's token: once, within its minute. */
    async exchange(code: string): Promise<OidcExchanged> {
      const handoff = await repo.redeem(db, code);
      if (!handoff) throw unauthorized();
      // Its roles may have changed at this sign-in: read the account as it stands.
      deps.sessions.forget(handoff.userId);
      const account = await users.findById(db, handoff.userId);
      if (!account?.activated) throw unauthorized();
      const token = deps.tokens.issue(
        {
          id: account.id,
          login: account.login,
          authorities: account.authorities,
          sessionVersion: account.sessionVersion,
        },
        false,
      );
      return { id_token: token, endSessionUrl: handoff.endSessionUrl };
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
