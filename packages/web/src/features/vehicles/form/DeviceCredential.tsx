import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useRotateDeviceToken } from '../api/vehicles-api';

/**
 * The vehicle's device credential (docs/telemetry-protocol.md), for administrators: the VIN is the
 * user name; the token is kept only as a hash, so it is shown once, right after a rotation.
 */
export function DeviceCredential({ vehicleId, vin }: { vehicleId: number; vin: string }) {
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
          <Title order={4}>Device Credential</Title>
          <Button
            variant="light"
            color="orange"
            onClick={() => setAsking(true)}
            loading={rotate.isPending}
            data-testid="rotate-token"
          >
            Rotate token
          </Button>
        </Group>
        <Text size="sm">
          User name (VIN): <Code data-testid="device-user">{vin}</Code>
        </Text>
        {issued ? (
          <Alert color="green" title="New device token" data-testid="device-token-issued">
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="device-token">{issued.token}</Code>
              <CopyButton value={issued.token}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="subtle" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" mt={4}>
              Shown only now: enter it in the device. The previous token no longer works.
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            The token is stored only as a hash and cannot be shown again. Rotate it to issue a new one for the device.
          </Text>
        )}
      </Stack>
      <ConfirmModal
        opened={asking}
        title="Rotate device token"
        busy={rotate.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <Text>The device will be refused until it is given the new token. Rotate it?</Text>
      </ConfirmModal>
    </Paper>
  );
}
