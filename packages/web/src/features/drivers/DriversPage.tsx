import type { Driver } from '@evfleet/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { ListLayout } from '../../components/list/ListLayout';
import { usePagedList } from '../../components/list/paged-list';
import { ResetPasswordModal, type ResetTarget } from '../../components/reset-password/ResetPasswordModal';
import { useCan } from '../../session/useCan';
import { driversSource } from './api/drivers-api';
import { driverColumns } from './driverColumns';

/** /driver: the drivers list; /driver/new, /:id/edit and /:id/delete open their dialogs over it (the Outlet). */
export function DriversPage() {
  const { t } = useTranslation('drivers');
  const navigate = useNavigate();
  const list = usePagedList<Driver>(driversSource);
  const [resetting, setResetting] = useState<ResetTarget | null>(null);
  const write = useCan('drivers');
  const resetPassword = useCan('passwords');
  const columns = useMemo(() => driverColumns(setResetting, { write, resetPassword }, t), [write, resetPassword, t]);

  return (
    <ListLayout
      title={t('list.title')}
      list={list}
      columns={columns}
      onAdd={write ? () => navigate(`${ROUTES.driver}/new`) : undefined}
      noRowsText={t('list.empty')}
      testId="drivers-grid"
    >
      <Outlet />
      <ResetPasswordModal target={resetting} onClose={() => setResetting(null)} />
    </ListLayout>
  );
}
