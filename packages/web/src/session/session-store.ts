import type { Account, LoginForm, Page } from '@evfleet/domain';
import {
  cacheAccount,
  clearAuthStorage,
  readEndSessionUrl,
  readToken,
  storeEndSessionUrl,
  storeToken,
} from '../api/auth-storage';
import { HttpError, onUnauthorized } from '../api/http';
import { queryClient } from '../api/query-client';
import { translate } from '../i18n';
import { toast } from '../notify/toast';
import { authenticate, endServerSession, fetchAccount, fetchAllowedPages } from './session-api';

/** Part 1 §3/§4: the session as the shell, guards and menus see it. */
export interface SessionState {
  /** A sign-in is in flight. */
  loading: boolean;
  /** The account's activated flag: a non-activated account is not authenticated. */
  isAuthenticated: boolean;
  sessionHasBeenFetched: boolean;
  loginError: boolean;
  showModalLogin: boolean;
  account: Account | null;
  allowedPages: readonly Page[];
  /** Why the session was ended by the app (SESSION_EXPIRED), else null. */
  redirectMessage: typeof SESSION_EXPIRED | null;
  /** The server could not be reached to check a stored token: the session is unknown, not ended. */
  offline: boolean;
}

const signedOut: SessionState = {
  loading: false,
  isAuthenticated: false,
  sessionHasBeenFetched: false,
  loginError: false,
  showModalLogin: false,
  account: null,
  allowedPages: [],
  redirectMessage: null,
  offline: false,
};

let state = signedOut;
const listeners = new Set<() => void>();

function update(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

/** One listener however often an offline check failed (the browser keeps one of the same function). */
const recheckOnline = () => void fetchSession();

/** GET api/account, then the role's pages. Any failure leaves a fetched, unauthenticated session. */
export async function fetchSession(): Promise<void> {
  // With no token the answer is known; skipping the call keeps an anonymous start free of a 401.
  if (!readToken()) {
    update({ ...signedOut, sessionHasBeenFetched: true, showModalLogin: true, redirectMessage: state.redirectMessage });
    return;
  }
  try {
    const account = await fetchAccount();
    cacheAccount(account);
    const allowedPages = account.activated ? await fetchAllowedPages(account.authorities) : [];
    update({
      account,
      allowedPages,
      isAuthenticated: account.activated,
      sessionHasBeenFetched: true,
      showModalLogin: !account.activated,
      offline: false,
    });
  } catch (error) {
    console.warn('Session could not be fetched', error);
    // Offline (the service worker drew the page): the token may be good, so it is kept and checked
    // again when the network is back, instead of sending the user to sign in.
    if (error instanceof HttpError && error.call.status === 0) {
      update({ ...signedOut, sessionHasBeenFetched: true, offline: true });
      window.addEventListener('online', recheckOnline, { once: true });
      return;
    }
    // A stored token the server no longer accepts (expired, or its account gone): it is dropped, and said.
    if (error instanceof HttpError && error.call.status === 401) {
      clearAuthStorage();
      sayExpired();
    }
    update({ ...signedOut, sessionHasBeenFetched: true, showModalLogin: true, redirectMessage: state.redirectMessage });
  }
}

/** Sign in, keep the token where rememberMe says, then load the session. Resolves to success. */
export async function login(credentials: LoginForm): Promise<boolean> {
  update({ loading: true, loginError: false });
  let token: string;
  try {
    token = await authenticate(credentials);
  } catch {
    // A failed retry in the login modal keeps the reason the session ended, so the modal stays.
    update({
      ...signedOut,
      sessionHasBeenFetched: true,
      loginError: true,
      showModalLogin: true,
      redirectMessage: state.redirectMessage,
    });
    return false;
  }
  return signInWithToken(token, { rememberMe: credentials.rememberMe });
}

/**
 * A sign-in's token, from the password form or from an OpenID provider (with the address that ends
 * the provider's session): kept where rememberMe says, then the session loads. Resolves to success.
 */
export async function signInWithToken(
  token: string,
  opts: { rememberMe: boolean; endSessionUrl?: string | null },
): Promise<boolean> {
  storeToken(token, opts.rememberMe);
  if (opts.endSessionUrl) storeEndSessionUrl(opts.endSessionUrl);
  update({ loading: false, loginError: false, showModalLogin: false, redirectMessage: null });
  await fetchSession();
  return state.isAuthenticated;
}

function endSession(redirectMessage: SessionState['redirectMessage']): void {
  clearAuthStorage();
  // Another user may sign in next in this tab: nothing cached for this one may survive.
  queryClient.clear();
  update({ ...signedOut, sessionHasBeenFetched: true, showModalLogin: true, redirectMessage });
}

/**
 * §4's logout, which also ends the session on the server so a copied token stops working (the spec
 * made no server call; docs/security.md says why it does now). Local sign-out never waits on a failure.
 */
export async function logout(): Promise<void> {
  const endSessionUrl = readEndSessionUrl();
  if (readToken()) await endServerSession().catch(() => undefined);
  endSession(null);
  // Signed in through an OpenID provider: its session ends too (it asks, then returns to /login),
  // or the next person at this browser would be signed in again without a question.
  if (endSessionUrl) window.location.assign(endSessionUrl);
}

/** Why the app ended a session: the catalogue key of what the login modal and the toast say. */
export const SESSION_EXPIRED = 'session.expired';

/** One toast however many calls found the session gone at once. */
function sayExpired(): void {
  toast.error(translate(SESSION_EXPIRED), { toastId: SESSION_EXPIRED });
}

/**
 * §4 says a 401 or 403 ends the session; evfleet narrows it to a 401 to a call that carried a token
 * (a 403 only refuses that call). The user signs in again over the page they were on. A call
 * without a token (signing in) that gets a 401 met bad credentials, which its own toast says.
 */
onUnauthorized(() => {
  // Calls already under way when the session ended meet the same 401: that was said once.
  if (state.isAuthenticated) {
    endSession(SESSION_EXPIRED);
    sayExpired();
  }
  return true;
});
