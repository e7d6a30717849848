import { Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { DeviceCanData } from '@evfleet/domain';
import { localDateTimeWithZone, NA, relativeTo } from '../format';

const LINES = [
  { label: 'GPS', field: 'gps_last_reported' },
  { label: 'DATA', field: 'can_last_reported' },
  { label: 'Checked in', field: 'last_reported' },
] as const;

/** Last Reported (§2): GPS, DATA and Checked in; a click switches relative and full local times. */
export function LastReportedTimes({ can }: { can: DeviceCanData }) {
  const [absolute, setAbsolute] = useState(false);
  const now = Date.now();
  return (
    <UnstyledButton
      onClick={() => setAbsolute((a) => !a)}
      title="Show relative or full times"
      data-testid="last-reported-toggle"
      data-absolute={absolute || undefined}
    >
      <Stack gap={2}>
        {LINES.map(({ label, field }) => {
          const at = can[field];
          return (
            <Text key={field} size="sm" data-testid={`last-reported-${field}`}>
              <Text span fw={600}>
                {label}:
              </Text>{' '}
              {at ? (absolute ? localDateTimeWithZone(at) : relativeTo(at, now)) : NA}
            </Text>
          );
        })}
      </Stack>
    </UnstyledButton>
  );
}
