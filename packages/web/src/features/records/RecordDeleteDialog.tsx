import { RECORD_TEXTS } from '@evfleet/domain';
import { Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useDeleteRecord } from './api/records-api';
import { useListPath } from './list-return';
import type { RecordScreen } from './record-types';

/** {base}/{id}/delete: the confirmation over the list (§2, §8); Delete removes it and returns to the list. */
export function RecordDeleteDialog({ screen }: { screen: RecordScreen }) {
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
      title={RECORD_TEXTS.confirmDeleteTitle}
      confirmLabel="Delete"
      cancelLabel="Cancel"
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      <Text data-testid="delete-question">{RECORD_TEXTS.confirmDelete(screen.def.entity)}</Text>
    </ConfirmModal>
  );
}
