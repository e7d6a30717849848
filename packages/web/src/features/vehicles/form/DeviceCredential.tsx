import { Alert, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useRotateDeviceToken } from '../api/vehicles-api';
import { CopyValueButton } from '../CopyValueButton';

/**
 * The vehicle's device credential (docs/telemetry-protocol.md), for administrators: the VIN is the
 * user name; the token is kept only as a hash, so it is shown once, right after a rotation.
 */
export function DeviceCredential({ vehicleId, vin }: { vehicleId: number; vin: string }) {
  const { t } = useTranslation('vehicles');
  const rotate = useRotateDeviceToken();
  const [asking, setAsking] = useState(false);
  const issued = rotate.data;

  const confirm = async () => {
    try {
      await rotate.mutateAsync(vehicleId);
    } catch {
      // the HTTP client has already shown the server's message
    } finally {
      setAsking(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="device-credential">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>{t('device.title')}</Title>
          <Button
            variant="light"
            color="orange"
            onClick={() => setAsking(true)}
            loading={rotate.isPending}
            data-testid="rotate-token"
          >
            {t('device.rotate')}
          </Button>
        </Group>
        <Text size="sm">
          {t('device.user')} <Code data-testid="device-user">{vin}</Code>
        </Text>
        {issued ? (
          <Alert color="green" title={t('device.issued')} data-testid="device-token-issued">
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="device-token">{issued.token}</Code>
              <CopyValueButton value={issued.token} />
            </Group>
            <Text size="xs" mt={4}>
              {t('device.shownOnce')}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {t('device.hashed')}
          </Text>
        )}
      </Stack>
      <ConfirmModal
        opened={asking}
        title={t('device.confirmTitle')}
        busy={rotate.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <Text>{t('device.confirm')}</Text>
      </ConfirmModal>
    </Paper>
  );
}
