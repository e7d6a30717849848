import { ADMIN_ONLY, type ApiKey, type ApiKeyCreated } from '@evfleet/domain';
import { Button, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useFormat } from '../../components/format/useFormat';
import { QueryListPage } from '../../components/list/QueryListPage';
import { SecretShownOnceModal } from '../../components/SecretShownOnceModal';
import { useDeleteConfirm } from '../../components/list/useDeleteConfirm';
import { useCan } from '../../session/useCan';
import { useApiKeys, useRevokeApiKey } from './api/api-keys-api';
import { keyColumns } from './keyColumns';
import { shownKey } from './key-display';
import { NewKeyModal } from './NewKeyModal';

/** /account/api-keys: the keys programs call evfleet with, a new one, and revoking one (docs/integrations.md). */
export function ApiKeysPage() {
  const { t } = useTranslation('api-keys');
  const format = useFormat();
  const withOwner = useCan({ roles: ADMIN_ONLY });
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const revoking = useDeleteConfirm({
    remove: (key: ApiKey) => revoke.mutateAsync(key.id),
    deleted: (key) => t('revoke.done', { name: key.name }),
  });
  const columns = useMemo(
    () => keyColumns({ onRevoke: revoking.ask, withOwner, format, t }),
    [revoking.ask, withOwner, format, t],
  );

  return (
    <QueryListPage
      title={t('list.title')}
      intro={t('list.intro')}
      actions={
        <Button onClick={() => setCreating(true)} data-testid="api-key-create">
          {t('list.create')}
        </Button>
      }
      rows={keys}
      failedText={t('list.failed')}
      columns={columns}
      rowId={(key) => String(key.id)}
      noRowsText={t('list.empty')}
      testId="api-keys-grid"
    >
      <NewKeyModal opened={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      <SecretShownOnceModal
        secret={created?.key ?? null}
        title={t('created.title')}
        warning={t('created.warning')}
        doneLabel={t('created.done')}
        testId="api-key"
        onClose={() => setCreated(null)}
      />
      <ConfirmModal {...revoking.modal} title={t('revoke.title')} confirmLabel={t('action.revoke')}>
        <Text>
          {t('revoke.question', { name: revoking.row?.name ?? '', key: revoking.row ? shownKey(revoking.row) : '' })}
        </Text>
      </ConfirmModal>
    </QueryListPage>
  );
}
