import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../components/DataGrid';
import { useFormat } from '../../components/format/useFormat';
import { SectionHeading } from '../../components/SectionHeading';
import { useWebhookDeliveries } from './api/webhooks-api';
import { deliveryColumns } from './deliveryColumns';

/** A hook's latest deliveries, newest first, read again on Refresh (a test renews them by itself). */
export function WebhookDeliveries({ id }: { id: number }) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const deliveries = useWebhookDeliveries(id);
  const columns = useMemo(() => deliveryColumns(format, t), [format, t]);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <SectionHeading title={t('deliveries.title')} hint={t('deliveries.hint')} />
        </Stack>
        <Button
          variant="default"
          onClick={() => void deliveries.refetch()}
          loading={deliveries.isFetching}
          data-testid="webhook-deliveries-refresh"
        >
          {t('action.refresh')}
        </Button>
      </Group>
      {deliveries.isError ? (
        <Alert color="red">{t('deliveries.failed')}</Alert>
      ) : (
        <DataGrid
          rows={deliveries.data}
          columns={columns}
          loading={deliveries.isPending}
          rowId={(delivery) => delivery.id}
          noRowsText={t('deliveries.empty')}
          testId="webhook-deliveries-grid"
        />
      )}
    </Stack>
  );
}
