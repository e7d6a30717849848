import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useDomainText } from '../../i18n/useDomainText';
import { useDeleteRecord } from './api/records-api';
import { useListPath } from './list-return';
import type { RecordScreen } from './record-types';

/** {base}/{id}/delete: the confirmation over the list (§2, §8); Delete removes it and returns to the list. */
export function RecordDeleteDialog({ screen }: { screen: RecordScreen }) {
  const { t } = useTranslation('records');
  const domainText = useDomainText();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const listPath = useListPath(screen);
  const remove = useDeleteRecord(screen.def);
  const close = () => navigate(listPath());
  const confirm = async () => {
    try {
      await remove.mutateAsync(id);
      close();
    } catch {
      // the HTTP client has already shown the server's message; the dialog stays to retry or cancel
    }
  };
  return (
    <ConfirmModal
      opened
      title={t('delete.title')}
      confirmLabel={t('action.delete')}
      cancelLabel={t('action.cancel')}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      <Text data-testid="delete-question">{t('delete.question', { entity: domainText(screen.def.entity) })}</Text>
    </ConfirmModal>
  );
}
