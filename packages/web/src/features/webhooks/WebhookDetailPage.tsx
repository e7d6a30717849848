import { ADMIN_ONLY, type Webhook } from '@evfleet/domain';
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailFields, type DetailField } from '../../components/DetailFields';
import { DetailHeader } from '../../components/DetailHeader';
import { useFormat } from '../../components/format/useFormat';
import { QueryStatus } from '../../components/QueryStatus';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { useIdParam } from '../../routing/useIdParam';
import { useCan } from '../../session/useCan';
import { useWebhook } from './api/webhooks-api';
import { useScopeChooser, useWebhookOwners } from './api/webhook-owners';
import { useWebhookActions } from './useWebhookActions';
import { scopeText } from './webhook-display';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookModal } from './WebhookModal';
import { WebhookStatus } from './WebhookStatus';

/** /webhooks/:id: the hook's settings, Test, Edit, Pause or Resume, and its latest deliveries. */
export function WebhookDetailPage() {
  const id = useIdParam();
  return id === null ? <NotFound /> : <WebhookDetail id={id} />;
}

function WebhookDetail({ id }: { id: number }) {
  const { t } = useTranslation('webhooks');
  const hook = useWebhook(id);
  const [editing, setEditing] = useState(false);
  const fields = useSummary();

  return (
    <Stack gap="md" p="md">
      <DetailHeader title={t('detail.title')} backLabel={t('detail.back')} backTo={ROUTES.webhooks}>
        {hook.data && <WebhookStatus hook={hook.data} />}
      </DetailHeader>
      <QueryStatus query={hook} failed={t('detail.loadFailed')} />
      {hook.data && (
        <>
          <DetailFields fields={fields(hook.data)} />
          <HookButtons hook={hook.data} onEdit={() => setEditing(true)} />
        </>
      )}
      <WebhookDeliveries id={id} />
      <WebhookModal
        opened={editing && hook.data !== undefined}
        hook={hook.data ?? null}
        onClose={() => setEditing(false)}
      />
    </Stack>
  );
}

/** Test (its answer in a toast), Edit, and Pause or Resume. */
function HookButtons({ hook, onEdit }: { hook: Webhook; onEdit: () => void }) {
  const { t } = useTranslation('webhooks');
  const actions = useWebhookActions();
  return (
    <Group>
      <Button onClick={() => actions.test(hook)} loading={actions.testing} data-testid="webhook-test">
        {t('action.test')}
      </Button>
      <Button variant="default" onClick={onEdit} data-testid="webhook-edit">
        {t('action.edit')}
      </Button>
      <Button
        variant="light"
        color={hook.active ? 'orange' : 'green'}
        onClick={() => actions.toggle(hook)}
        loading={actions.toggling}
        data-testid="webhook-toggle"
      >
        {hook.active ? t('action.pause') : t('action.resume')}
      </Button>
    </Group>
  );
}

/** The hook's settings as the detail page lists them. */
function useSummary(): (hook: Webhook) => DetailField[] {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const withOwner = useCan({ roles: ADMIN_ONLY });
  const owners = useWebhookOwners(useScopeChooser());
  return (hook) => [
    { label: t('column.url'), value: hook.url, testId: 'webhook-detail-url' },
    { label: t('column.events'), value: hook.events.join(', '), testId: 'webhook-detail-events' },
    { label: t('column.format'), value: t(`format.${hook.format}`), testId: 'webhook-detail-format' },
    { label: t('column.scope'), value: scopeText(hook, owners, t), testId: 'webhook-detail-scope' },
    ...(withOwner ? [{ label: t('column.owner'), value: hook.owner, testId: 'webhook-detail-owner' }] : []),
    { label: t('column.created'), value: format.dateTime(hook.createdAt), testId: 'webhook-detail-created' },
  ];
}
