import type { Tracker, TrackerWrite } from '@evfleet/domain';
import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../components/format/useFormat';
import { CommandsPanel } from './CommandsPanel';
import type { TrackerForm } from './tracker-form';
import { TrackerFields } from './TrackerFields';

interface TrackerFormSectionProps {
  form: UseFormReturn<TrackerForm, unknown, TrackerWrite>;
  /** The vehicle's tracker as stored; undefined for a new vehicle. */
  saved: Tracker | undefined;
  vehicleId: number | undefined;
}

/**
 * The vehicle form's tracker: its fields (saved with the vehicle), when the stored one last
 * connected, and for a stored Teltonika box its commands.
 */
export function TrackerFormSection({ form, saved, vehicleId }: TrackerFormSectionProps) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  const stored = saved && saved.protocol !== 'none' ? saved : undefined;
  return (
    <Paper withBorder radius="md" p="md" data-testid="tracker-form-section">
      <Stack gap="sm">
        <Title order={4}>{t('tracker.title')}</Title>
        <TrackerFields form={form} />
        {stored && (
          <Text size="sm" c="dimmed" data-testid="tracker-last-connected">
            {stored.lastConnectedAt
              ? t('tracker.lastConnectedFrom', {
                  at: format.dateTime(stored.lastConnectedAt),
                  address: stored.lastAddress ?? '—',
                })
              : t('tracker.neverConnected')}
          </Text>
        )}
        {stored?.protocol === 'teltonika' && vehicleId !== undefined && (
          <>
            <Divider />
            <CommandsPanel vehicleId={vehicleId} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
