import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type SessionState } from './session-store';

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession);
}
