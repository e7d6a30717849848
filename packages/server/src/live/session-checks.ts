import { resolveScope } from '../auth/visibility.js';
import type { FrameDeps } from './live-frames.js';
import type { LiveSession, SharedReads } from './live-session.js';

/**
 * Checks every connection's session and scope again: a session that ended (account deleted or
 * deactivated, roles or password changed, signed out) or a caller that no longer sees anything gets
 * an ERROR frame and a closed socket; a changed scope (a link removed), or any change of who sees
 * which vehicle when `refreshAll`, makes it read what it may see again.
 */
export async function checkSessions(sessions: Iterable<LiveSession>, deps: FrameDeps, refreshAll: boolean) {
  const shared: SharedReads = new Map();
  for (const s of sessions) {
    if (!s.token || !s.scope) continue;
    const user = await deps.sessions.authenticate(s.token);
    if (!user) {
      s.fail('Your session has ended. Please sign in again.');
      continue;
    }
    const scope = await resolveScope(deps.db, user);
    if (scope.kind === 'none') {
      s.fail('This account may not see any vehicle.');
      continue;
    }
    const scopeChanged = JSON.stringify(scope) !== JSON.stringify(s.scope);
    s.scope = scope;
    if (s.subscription && (scopeChanged || refreshAll)) await s.refreshVisible(deps.items, shared);
  }
}
