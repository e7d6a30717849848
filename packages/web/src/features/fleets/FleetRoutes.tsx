import type { ReactNode } from 'react';
import { EntityRoutes } from '../../routing/EntityRoutes';
import { RequireCan } from '../../session/RequireCan';
import { FleetDeleteDialog } from './FleetDeleteDialog';
import { FleetDetailPage } from './FleetDetailPage';
import { FleetsPage } from './FleetsPage';

const writersOnly = (page: ReactNode) => <RequireCan what="fleets">{page}</RequireCan>;

/** /fleet/* (§2.5), loaded on demand. Add and edit are modals of the list; delete has its own URL. */
export default function FleetRoutes() {
  return (
    <EntityRoutes
      list={<FleetsPage />}
      dialogs={{ ':id/delete': <FleetDeleteDialog /> }}
      detail={<FleetDetailPage />}
      writersOnly={writersOnly}
    />
  );
}
