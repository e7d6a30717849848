import type { PushSubscriptionInfo } from '@evfleet/domain';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useFormat } from '../../components/format/useFormat';
import { QueryListPage } from '../../components/list/QueryListPage';
import { useDeleteConfirm } from '../../components/list/useDeleteConfirm';
import { SectionHeading } from '../../components/SectionHeading';
import { pushServiceOf } from './device-display';
import { deviceColumns } from './deviceColumns';
import { ThisBrowserCard } from './ThisBrowserCard';
import { useBrowserPush } from './useBrowserPush';

/**
 * /account/notifications: alerts on the phone (docs/integrations.md). This browser's notifications,
 * on or off with the least severity sent, and every browser of the account that has them.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const format = useFormat();
  const push = useBrowserPush();
  const mineId = push.mine?.id ?? null;
  // Removing this browser's row turns its notifications off, unsubscribing it too.
  const removing = useDeleteConfirm({
    remove: (s: PushSubscriptionInfo) => (s.id === mineId ? push.turnOff() : push.remove(s.id)),
    deleted: (s) => t('remove.done', { service: pushServiceOf(s) }),
  });
  const columns = useMemo(
    () => deviceColumns({ onRemove: removing.ask, mineId, format, t }),
    [removing.ask, mineId, format, t],
  );

  return (
    <QueryListPage
      title={t('title')}
      intro={t('intro')}
      actions={null}
      rows={push.subscriptions}
      failedText={t('list.failed')}
      columns={columns}
      rowId={(s) => String(s.id)}
      noRowsText={t('list.empty')}
      testId="push-devices-grid"
      before={
        <>
          <ThisBrowserCard push={push} />
          <SectionHeading title={t('list.title')} hint={t('list.hint')} />
        </>
      }
    >
      <ConfirmModal {...removing.modal} title={t('remove.title')} confirmLabel={t('action.remove')}>
        <Text>{t('remove.question', { service: removing.row ? pushServiceOf(removing.row) : '' })}</Text>
      </ConfirmModal>
    </QueryListPage>
  );
}
