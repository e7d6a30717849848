import type { ReactNode } from 'react';
import { NotAuthorized } from '../routing/StatusPages';
import type { Requirement } from './permissions';
import { useCan } from './useCan';

/** A route that changes data (a form, a delete dialog): refused up front to those the server would refuse. */
export function RequireCan({ what, children }: { what: Requirement; children: ReactNode }) {
  return useCan(what) ? children : <NotAuthorized />;
}
