import { HOUR_CYCLES, type HourCycle } from '@evfleet/domain';
import { Input, SegmentedControl } from '@mantine/core';
import { usePreference, useSavePreference } from '../../api/preferences';

const LABELS: Record<HourCycle, string> = { '24h': '24-hour (13:30)', '12h': '12-hour (1:30 PM)' };

/** How the portal writes times for this user; saved at once as their preference. */
export function HourCycleControl() {
  const current = usePreference('hourCycle');
  const save = useSavePreference('hourCycle');
  return (
    <Input.Wrapper label="Time format" id="settings-hour-cycle">
      <SegmentedControl
        display="flex"
        aria-labelledby="settings-hour-cycle-label"
        value={current.data ?? '24h'}
        onChange={(value) => save.mutate(value as HourCycle)}
        disabled={current.isPending}
        data={HOUR_CYCLES.map((cycle) => ({ value: cycle, label: LABELS[cycle] }))}
        data-testid="settings-hour-cycle"
      />
    </Input.Wrapper>
  );
}
