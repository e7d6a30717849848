import type { Zone } from '@evfleet/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangePicker } from '../../components/period/DayRangePicker';
import { DEFAULT_PERIOD_DAYS, lastDays, rangeWindow } from '../../components/period/day-range';
import { ZoneVisitsCard } from '../../components/zone-visits/ZoneVisitsCard';
import { zoneVisitsSource } from './api/zones-api';

/** The zone's visits by the vehicles the caller sees, in a chosen period, told in the zone's time zone. */
export function ZoneVisits({ zone }: { zone: Zone }) {
  const { t } = useTranslation('zones');
  const [range, setRange] = useState<[string, string]>(() => lastDays(DEFAULT_PERIOD_DAYS));
  const window = useMemo(() => rangeWindow(range), [range]);
  return (
    <ZoneVisitsCard
      title={t('visits.title', { zone: zone.timeZone })}
      source={zoneVisitsSource(zone.id)}
      window={window}
      timeZone={zone.timeZone}
      names="vehicle"
      controls={<DayRangePicker onChosen={setRange} testId="zone-visits-period" />}
    />
  );
}
