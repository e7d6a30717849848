import type { Vehicle } from '@evfleet/domain';
import { Button, Card, Grid, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditIcon } from '../../../components/icons';
import { useCan } from '../../../session/useCan';
import { useTracker } from './api/tracker-api';
import { CommandsPanel } from './CommandsPanel';
import { TrackerModal } from './TrackerModal';
import { TrackerSummary } from './TrackerSummary';

/**
 * The detail page's tracker (docs/devices.md): what it is and when it last connected, for all who
 * see the vehicle; its Edit and, for a Teltonika box, its commands, for administrators and the
 * vehicle's dealer. A vehicle without a tracker shows nothing to those who could not add one.
 */
export function TrackerSection({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  const mayManage = useCan('trackers');
  const tracker = useTracker(vehicle.id);
  const [editing, setEditing] = useState(false);
  const data = tracker.data;
  if (!data || (data.protocol === 'none' && !mayManage)) return null;
  const commands = mayManage && data.protocol === 'teltonika';

  return (
    <>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: commands ? 5 : 12 }}>
          <Card withBorder radius="md" padding="md" h="100%" data-testid="tracker-card">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={3} size="h4">
                  {t('tracker.title')}
                </Title>
                {mayManage && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<EditIcon />}
                    onClick={() => setEditing(true)}
                    data-testid="tracker-edit"
                  >
                    {t(data.protocol === 'none' ? 'tracker.add' : 'tracker.edit')}
                  </Button>
                )}
              </Group>
              <TrackerSummary tracker={data} />
            </Stack>
          </Card>
        </Grid.Col>
        {commands && (
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Card withBorder radius="md" padding="md" h="100%">
              <CommandsPanel vehicleId={vehicle.id} />
            </Card>
          </Grid.Col>
        )}
      </Grid>
      {mayManage && (
        <TrackerModal
          vehicleId={vehicle.id}
          vehicleName={vehicle.name}
          tracker={data}
          opened={editing}
          onClose={() => setEditing(false)}
        />
      )}
    </>
  );
}
