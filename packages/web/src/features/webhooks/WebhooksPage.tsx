import { ADMIN_ONLY, type Webhook, type WebhookCreated } from '@evfleet/domain';
import { Button, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useFormat } from '../../components/format/useFormat';
import { QueryListPage } from '../../components/list/QueryListPage';
import { useDeleteConfirm } from '../../components/list/useDeleteConfirm';
import { useEditing } from '../../components/list/useEditing';
import { SecretShownOnceModal } from '../../components/SecretShownOnceModal';
import { useCan } from '../../session/useCan';
import { useDeleteWebhook, useWebhooks } from './api/webhooks-api';
import { useScopeChooser, useWebhookOwners } from './api/webhook-owners';
import { useWebhookActions } from './useWebhookActions';
import { webhookColumns } from './webhookColumns';
import { WebhookModal } from './WebhookModal';

/** /webhooks: the signed webhooks that send vehicle events on, a new one, and what each row can do (docs/integrations.md). */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const withOwner = useCan({ roles: ADMIN_ONLY });
  const owners = useWebhookOwners(useScopeChooser());
  const hooks = useWebhooks();
  const remove = useDeleteWebhook();
  const actions = useWebhookActions();
  const editing = useEditing<Webhook>();
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const deleting = useDeleteConfirm({
    remove: (hook: Webhook) => remove.mutateAsync(hook.id),
    deleted: (hook) => t('delete.done', { url: hook.url }),
  });
  const { test, toggle } = actions;
  const columns = useMemo(
    () =>
      webhookColumns({
        withOwner,
        owners,
        format,
        t,
        onEdit: editing.edit,
        onTest: test,
        onToggle: toggle,
        onDelete: deleting.ask,
      }),
    [withOwner, owners, format, t, editing.edit, test, toggle, deleting.ask],
  );

  return (
    <QueryListPage
      title={t('list.title')}
      intro={t('list.intro')}
      actions={
        <Button onClick={editing.add} data-testid="webhook-create">
          {t('list.create')}
        </Button>
      }
      rows={hooks}
      failedText={t('list.failed')}
      columns={columns}
      rowId={(hook) => String(hook.id)}
      noRowsText={t('list.empty')}
      testId="webhooks-grid"
    >
      <WebhookModal opened={editing.opened} hook={editing.record} onClose={editing.close} onCreated={setCreated} />
      <SecretShownOnceModal
        secret={created?.secret ?? null}
        title={t('created.title')}
        warning={t('created.warning')}
        doneLabel={t('created.done')}
        testId="webhook"
        onClose={() => setCreated(null)}
      />
      <ConfirmModal {...deleting.modal} title={t('delete.title')}>
        <Text style={{ overflowWrap: 'anywhere' }}>{t('delete.question', { url: deleting.row?.url ?? '' })}</Text>
      </ConfirmModal>
    </QueryListPage>
  );
}
