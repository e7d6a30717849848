import { Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceCanData } from '@evfleet/domain';
import { useFormat } from '../../../../components/format/useFormat';

const LINES = [
  { label: 'info.gps', field: 'gps_last_reported' },
  { label: 'info.data', field: 'can_last_reported' },
  { label: 'info.checkedIn', field: 'last_reported' },
] as const;

/** Last Reported (§2): GPS, DATA and Checked in; a click switches relative and full local times (with the zone's name). */
export function LastReportedTimes({ can }: { can: DeviceCanData }) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  const [absolute, setAbsolute] = useState(false);
  const now = Date.now();
  return (
    <UnstyledButton
      onClick={() => setAbsolute((a) => !a)}
      title={t('info.timesToggle')}
      data-testid="last-reported-toggle"
      data-absolute={absolute || undefined}
    >
      <Stack gap={2}>
        {LINES.map(({ label, field }) => {
          const at = can[field];
          return (
            <Text key={field} size="sm" data-testid={`last-reported-${field}`}>
              <Text span fw={600}>
                {t(label)}:
              </Text>{' '}
              {at
                ? absolute
                  ? format.dateTime(at, { seconds: true, zoneName: true })
                  : format.relative(at, now)
                : t('na')}
            </Text>
          );
        })}
      </Stack>
    </UnstyledButton>
  );
}
