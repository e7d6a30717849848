import type { Account } from '@evfleet/domain';

/** Storage keys of part 1 §9, kept as the original portal named them. */
export const TOKEN_KEY = 'jhi-authenticationToken';
export const ACCOUNT_KEY = 'ACCOUNT_SESSION';
/** Where an OpenID provider ends its own session at sign-out; kept beside the token it came with. */
const END_SESSION_KEY = 'evfleet-end-session-url';

const stores = (): Storage[] => [localStorage, sessionStorage];

/** The bearer token: persistent storage first, else the session-only one (§7). */
export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY);
}

/** "Remember me" keeps the token across browser restarts; otherwise it dies with the tab. */
export function storeToken(token: string, rememberMe: boolean): void {
  clearAuthStorage();
  (rememberMe ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
}

/** A fresh token for the same sign-in (after a password change), kept where the old one was. */
export function replaceToken(token: string): void {
  (localStorage.getItem(TOKEN_KEY) ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
}

/** The account is cached beside its token so both share one lifetime. */
export function cacheAccount(account: Account): void {
  const store = localStorage.getItem(TOKEN_KEY) ? localStorage : sessionStorage;
  store.setItem(ACCOUNT_KEY, JSON.stringify(account));
}

/** A sign-in through an OpenID provider: the address that ends the provider's session too. */
export function storeEndSessionUrl(url: string): void {
  sessionStorage.setItem(END_SESSION_KEY, url);
}

export function readEndSessionUrl(): string | null {
  return sessionStorage.getItem(END_SESSION_KEY);
}

export function clearAuthStorage(): void {
  for (const store of stores()) {
    store.removeItem(TOKEN_KEY);
    store.removeItem(ACCOUNT_KEY);
  }
  sessionStorage.removeItem(END_SESSION_KEY);
}
