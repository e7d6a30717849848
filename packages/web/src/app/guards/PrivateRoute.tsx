import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { preloadLoginForm } from '../../features/account';
import type { FromState } from '../../routing/from-state';
import { ROUTES } from '../../routing/routes';
import { NotAuthorized } from '../../routing/StatusPages';
import { useCan } from '../../session/useCan';
import { useSession } from '../../session/useSession';
import { LoginModal } from '../shell/LoginModal';
import { Offline } from '../shell/Offline';
import { useReadRefused } from './access-denied';

/**
 * A layout route guarding its children (§2.2): blank until the session is known, a note while the
 * server cannot be reached to know it, then the login page for strangers, a refusal for users without one of `roles` or whose page the server refused
 * to read (a 403 keeps them signed in), else the page itself.
 */
export function PrivateRoute({ roles }: { roles: readonly string[] }) {
  const session = useSession();
  const location = useLocation();
  const allowed = useCan({ roles });
  const refused = useReadRefused(location.key);
  // A 401 can end the session under this page: the login modal is then ready to show at once.
  useEffect(() => {
    if (session.isAuthenticated) preloadLoginForm();
  }, [session.isAuthenticated]);
  if (!session.sessionHasBeenFetched) return null;
  if (session.offline) return <Offline />;
  if (!session.isAuthenticated) {
    // The session ended under this page (a 401): sign in again here rather than lose the place.
    if (session.redirectMessage) return <LoginModal />;
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={{ pathname: ROUTES.login, search: location.search }} state={state} replace />;
  }
  if (!allowed || refused) return <NotAuthorized />;
  return <Outlet />;
}
