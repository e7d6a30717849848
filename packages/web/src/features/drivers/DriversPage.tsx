import type { Driver } from '@evfleet/domain';
import { useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ROUTES } from '../../app/routes';
import { PeopleListLayout } from '../people-shared/PeopleListLayout';
import { usePeopleList } from '../people-shared/people-list';
import { ResetPasswordModal, type ResetTarget } from '../people-shared/ResetPasswordModal';
import { useCan } from '../people-shared/useCan';
import { driversSource } from './api/drivers-api';
import { driverColumns } from './driverColumns';

/** /driver: the drivers list; /driver/new, /:id/edit and /:id/delete open their dialogs over it (the Outlet). */
export function DriversPage() {
  const navigate = useNavigate();
  const list = usePeopleList<Driver>(driversSource);
  const [resetting, setResetting] = useState<ResetTarget | null>(null);
  const write = useCan('drivers');
  const resetPassword = useCan('passwords');
  const columns = useMemo(() => driverColumns(setResetting, { write, resetPassword }), [write, resetPassword]);

  return (
    <PeopleListLayout
      title="Drivers List"
      list={list}
      columns={columns}
      onAdd={write ? () => navigate(`${ROUTES.driver}/new`) : undefined}
      noRowsText="No drivers found"
      testId="drivers-grid"
    >
      <Outlet />
      <ResetPasswordModal target={resetting} onClose={() => setResetting(null)} />
    </PeopleListLayout>
  );
}
