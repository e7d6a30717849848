import type { ReactNode } from 'react';
import { PeopleListPage } from '../../components/list/PeopleListPage';
import { EntityRoutes } from '../../routing/EntityRoutes';
import { ROUTES } from '../../routing/routes';
import { RequireCan } from '../../session/RequireCan';
import { DriverDeleteDialog } from './DriverDeleteDialog';
import { DriverDetailPage } from './DriverDetailPage';
import { DriverModal } from './DriverModal';
import { driversSource } from './api/drivers-api';
import { driverColumns } from './driverColumns';

const writersOnly = (page: ReactNode) => <RequireCan what="drivers">{page}</RequireCan>;

/** /driver/* (§2.4), loaded on demand. The form and delete routes are dialogs over the list. */
export default function DriverRoutes() {
  return (
    <EntityRoutes
      list={
        <PeopleListPage
          ns="drivers"
          source={driversSource}
          columns={driverColumns}
          writers="drivers"
          base={ROUTES.driver}
          testId="drivers-grid"
        />
      }
      dialogs={{ new: <DriverModal />, ':id/edit': <DriverModal />, ':id/delete': <DriverDeleteDialog /> }}
      detail={<DriverDetailPage />}
      writersOnly={writersOnly}
    />
  );
}
