import type { ReactNode } from 'react';
import { NotAuthorized } from '../shell/StatusPages';
import type { Requirement } from '../session/permissions';
import { useCan } from '../session/useCan';

/** A route that changes data (a form, a delete dialog): refused up front to those the server would refuse. */
export function RequireCan({ what, children }: { what: Requirement; children: ReactNode }) {
  return useCan(what) ? children : <NotAuthorized />;
}
