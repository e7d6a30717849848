import type { Webhook } from '@evfleet/domain';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../i18n/useDomainText';

/** Active, or Paused with why: by its owner, or after a day of failed deliveries. */
export function WebhookStatus({ hook }: { hook: Pick<Webhook, 'id' | 'active' | 'pauseReason'> }) {
  const { t } = useTranslation('webhooks');
  const domainText = useDomainText();
  const reason = hook.active ? undefined : domainText(hook.pauseReason ?? undefined);
  return (
    <Group gap={6} wrap="nowrap" miw={0} data-testid={`webhook-status-${hook.id}`}>
      <Badge color={hook.active ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
        {hook.active ? t('status.active') : t('status.paused')}
      </Badge>
      {reason && (
        <Text size="xs" c="dimmed" truncate title={reason}>
          {reason}
        </Text>
      )}
    </Group>
  );
}
