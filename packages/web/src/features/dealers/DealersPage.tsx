import type { Dealer } from '@evfleet/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { ListLayout } from '../../components/list/ListLayout';
import { usePagedList } from '../../components/list/paged-list';
import { ResetPasswordModal, type ResetTarget } from '../../components/reset-password/ResetPasswordModal';
import { useCan } from '../../session/useCan';
import { dealersSource } from './api/dealers-api';
import { dealerColumns } from './dealerColumns';

/** /dealer: the dealers list; /dealer/new, /:id/edit and /:id/delete open their dialogs over it (the Outlet). */
export function DealersPage() {
  const { t } = useTranslation('dealers');
  const navigate = useNavigate();
  const list = usePagedList<Dealer>(dealersSource);
  const [resetting, setResetting] = useState<ResetTarget | null>(null);
  const write = useCan('dealers');
  const resetPassword = useCan('passwords');
  const columns = useMemo(() => dealerColumns(setResetting, { write, resetPassword }, t), [write, resetPassword, t]);

  return (
    <ListLayout
      title={t('list.title')}
      list={list}
      columns={columns}
      onAdd={write ? () => navigate(`${ROUTES.dealer}/new`) : undefined}
      noRowsText={t('list.empty')}
      testId="dealers-grid"
    >
      <Outlet />
      <ResetPasswordModal target={resetting} onClose={() => setResetting(null)} />
    </ListLayout>
  );
}
