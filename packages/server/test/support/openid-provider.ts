import Provider from 'oidc-provider';
import { createServer, type Server } from 'node:http';
import { freePort } from './ports.js';

export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  roles?: string[];
}

/**
 * A real OpenID provider (panva's oidc-provider, certified) on loopback for the sign-in tests: one
 * confidential client for evfleet, PKCE required, its development login and consent pages, and
 * RP-initiated logout. `accounts` are the people it knows, by login. The client's addresses are
 * lists, one for each portal it serves (the browser tests run a portal per worker).
 */
export async function startOpenIdProvider(opts: {
  clientId: string;
  clientSecret: string;
  redirectUris: readonly string[];
  postLogoutRedirectUris: readonly string[];
  accounts: Record<string, ProviderAccount>;
  port?: number;
}) {
  const port = opts.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [...opts.redirectUris],
        post_logout_redirect_uris: [...opts.postLogoutRedirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'roles'] },
    // The ID token carries the claims of the scopes asked for (evfleet reads them from it).
    conformIdTokenClaims: false,
    cookies: { keys: ['evfleet-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, id) =>
      opts.accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...opts.accounts[id] }) } : undefined,
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's cookies for one host, enough for the provider's interaction and session cookies. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
      }
    },
  };
}

const formOf = (html: string, base: string) => {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in the provider's page:\n${html.slice(0, 500)}`);
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
    fields.set(m[1], m[2]);
  return { action: new URL(action.replace(/&amp;/g, '&'), base).toString(), fields };
};

/**
 * Walks a browser through the provider from `start` (evfleet's authorization redirect): signs in as
 * `login`, consents, and answers where the provider sends the browser back (evfleet's callback URL,
 * which is not followed). The same jar keeps the provider's session for a later logout.
 */
export function providerBrowser() {
  const jar = cookieJar();
  /** The provider's pages this browser was shown, by their form's prompt (login, consent, logout). */
  const shown: string[] = [];
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: jar.header() } });
    jar.take(res);
    return res;
  };
  const post = (url: string, fields: URLSearchParams) =>
    go(url, { method: 'POST', body: fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  /** Follows redirects and fills the provider's forms until a redirect leaves for `until`. */
  const walk = async (start: string, until: string, fill: (fields: URLSearchParams) => void) => {
    let res = await go(start);
    let url = start;
    for (let step = 0; step < 20; step++) {
      const location = res.headers.get('location');
      if (location) {
        url = new URL(location, url).toString();
        if (url.startsWith(until)) return url;
        res = await go(url);
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 500)}`);
      const form = formOf(html, url);
      shown.push(form.fields.get('prompt') ?? 'logout');
      fill(form.fields);
      res = await post(form.action, form.fields);
    }
    throw new Error('the provider never sent the browser back');
  };

  return {
    shown,
    signIn: (start: string, login: string, callback: string) =>
      walk(start, callback, (fields) => {
        if (fields.get('prompt') === 'login') {
          fields.set('login', login);
          fields.set('password', 'any password');
        }
      }),
    signOut: (endSessionUrl: string, after: string) =>
      walk(endSessionUrl, after, (fields) => {
        fields.set('logout', 'yes');
      }),
  };
}
