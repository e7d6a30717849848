import { DEFAULT_PAGE_SIZE, type Fleet } from '@evfleet/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ListLayout } from '../../components/list/ListLayout';
import { usePagedList } from '../../components/list/paged-list';
import { useEditing } from '../../components/list/useEditing';
import { ResetPasswordModal, type ResetTarget } from '../../components/reset-password/ResetPasswordModal';
import { useCan } from '../../session/useCan';
import { fleetsSource } from './api/fleets-api';
import { fleetColumns } from './fleetColumns';
import { FleetModal } from './FleetModal';

/** What the delete route (rendered in the Outlet) tells the list after a change. */
export interface FleetsOutletContext {
  onChanged: () => void;
}

/** /fleet: the fleets list; /fleet/:id/delete opens its dialog over it (the Outlet). */
export function FleetsPage() {
  const { t } = useTranslation('fleets');
  const list = usePagedList<Fleet>(fleetsSource);
  const editing = useEditing<Fleet>();
  const [resetting, setResetting] = useState<ResetTarget | null>(null);
  const write = useCan('fleets');
  const resetPassword = useCan('passwords');
  const columns = useMemo(
    () =>
      fleetColumns({
        onEdit: editing.edit,
        onResetPassword: setResetting,
        can: { write, resetPassword },
        t,
      }),
    [editing.edit, write, resetPassword, t],
  );
  // §4: after a create, update or delete the fleets list is fetched again at page 0, size 10.
  const context: FleetsOutletContext = { onChanged: () => list.paging.setSize(DEFAULT_PAGE_SIZE) };

  return (
    <ListLayout
      title={t('list.title')}
      list={list}
      columns={columns}
      onAdd={write ? editing.add : undefined}
      noRowsText={t('list.empty')}
      testId="fleets-grid"
    >
      <Outlet context={context} />
      <FleetModal opened={editing.opened} fleet={editing.record} onClose={editing.close} onSaved={context.onChanged} />
      <ResetPasswordModal target={resetting} onClose={() => setResetting(null)} />
    </ListLayout>
  );
}
