import type { Dealer } from '@evfleet/domain';
import { useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ROUTES } from '../../app/routes';
import { PeopleListLayout } from '../people-shared/PeopleListLayout';
import { usePeopleList } from '../people-shared/people-list';
import { ResetPasswordModal, type ResetTarget } from '../people-shared/ResetPasswordModal';
import { useCan } from '../people-shared/useCan';
import { dealersSource } from './api/dealers-api';
import { dealerColumns } from './dealerColumns';

/** /dealer: the dealers list; /dealer/new, /:id/edit and /:id/delete open their dialogs over it (the Outlet). */
export function DealersPage() {
  const navigate = useNavigate();
  const list = usePeopleList<Dealer>(dealersSource);
  const [resetting, setResetting] = useState<ResetTarget | null>(null);
  const write = useCan('dealers');
  const resetPassword = useCan('passwords');
  const columns = useMemo(() => dealerColumns(setResetting, { write, resetPassword }), [write, resetPassword]);

  return (
    <PeopleListLayout
      title="Dealers List"
      list={list}
      columns={columns}
      onAdd={write ? () => navigate(`${ROUTES.dealer}/new`) : undefined}
      noRowsText="No dealers found"
      testId="dealers-grid"
    >
      <Outlet />
      <ResetPasswordModal target={resetting} onClose={() => setResetting(null)} />
    </PeopleListLayout>
  );
}
