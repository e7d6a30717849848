import { HOUR_CYCLES, type HourCycle } from '@evfleet/domain';
import { Input, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePreference, useSavePreference } from '../../api/preferences';

const LABELS = { '24h': 'settings.hour24', '12h': 'settings.hour12' } as const satisfies Record<HourCycle, string>;

/** How the portal writes times for this user; saved at once as their preference. */
export function HourCycleControl() {
  const { t } = useTranslation('account');
  const current = usePreference('hourCycle');
  const save = useSavePreference('hourCycle');
  return (
    <Input.Wrapper label={t('settings.timeFormat')} id="settings-hour-cycle">
      <SegmentedControl
        display="flex"
        aria-labelledby="settings-hour-cycle-label"
        value={current.data ?? '24h'}
        onChange={(value) => save.mutate(value as HourCycle)}
        disabled={current.isPending}
        data={HOUR_CYCLES.map((cycle) => ({ value: cycle, label: t(LABELS[cycle]) }))}
        data-testid="settings-hour-cycle"
      />
    </Input.Wrapper>
  );
}
