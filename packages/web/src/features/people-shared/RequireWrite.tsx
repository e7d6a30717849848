import type { ReactNode } from 'react';
import { NotAuthorized } from '../../app/shell/StatusPages';
import { useCan, type PeopleWrite } from './useCan';

/** A people route that changes data (a form, a delete dialog): refused up front to those the server would refuse. */
export function RequireWrite({ write, children }: { write: PeopleWrite; children: ReactNode }) {
  return useCan(write) ? children : <NotAuthorized />;
}
