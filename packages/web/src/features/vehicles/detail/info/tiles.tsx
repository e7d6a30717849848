import { Group, Text } from '@mantine/core';
import { DETAIL_TILES, type CellDetail, type DetailTile, type DeviceCanData } from '@evfleet/domain';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Format } from '../../../../components/format/format';
import { useFormat } from '../../../../components/format/useFormat';
import { gearName, onOff } from '../format';
import { CellsMenu } from './CellsMenu';
import { LastReportedTimes } from './LastReportedTimes';

/** What the tiles read: the CAN data and, for Pack Voltage, the cells; `t` words their values and `format` writes their figures. */
export interface Readings {
  can: DeviceCanData;
  cells: CellDetail | undefined;
  t: TFunction<'vehicles'>;
  format: Format;
}

interface TileView {
  /** The value, or null for one the vehicle never sent. */
  render: (r: Readings) => ReactNode;
  /** Takes a whole row above the others (the three last-reported times). */
  wide?: boolean;
}

/** §2: green while the pack is charged or idle (<= 0 A), red while it is drawn from. */
function VehicleCurrent({ amps }: { amps: number }) {
  const format = useFormat();
  return (
    <Text inherit c={amps <= 0 ? 'green' : 'red'} data-current-color={amps <= 0 ? 'green' : 'red'}>
      {format.reading(amps, 'A')}
    </Text>
  );
}

/** §2: NA for 0 V (no reading), and the 'View cells' drop-down. */
function PackVoltage({ cells }: { cells: CellDetail | undefined }) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  const volts = cells?.packVoltage;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <span>{volts ? format.reading(volts, 'V') : t('na')}</span>
      <CellsMenu cells={cells?.cells ?? []} />
    </Group>
  );
}

const value = (render: TileView['render']): TileView => ({ render });
/** A reading told in words (gear, on/off), by its word's key. */
const translated = (t: TFunction<'vehicles'>, key: ReturnType<typeof gearName | typeof onOff>) =>
  key === null ? null : t(key);

/** How each tile of 'Vehicle Information' (part 2 §2) shows its reading; labels and defaults are domain's DETAIL_TILES. */
const VIEWS: Record<DetailTile, TileView> = {
  activityTime: { render: ({ can }) => <LastReportedTimes can={can} />, wide: true },
  batteryCharged: value(({ can, format }) => format.reading(can.battery_charge, '%')),
  chargeStatus: value(({ can, t }) => translated(t, onOff(can.charge_status))),
  milesToEmpty: value(({ can, format }) => format.reading(can.milesToEmpty, 'Mi')),
  lastCharged: value(({ can, t, format }) => {
    const days = format.reading(can.last_charge_days, '');
    return days && t('info.daysAgo', { days });
  }),
  odometer: value(({ can, format }) => format.reading(can.odometer, 'Mi')),
  battery12v: value(({ can, format }) => format.reading(can['12vBattery'], 'v')),
  gpsSpeed: value(({ can, format }) => format.reading(can.gps_speed, 'mph')),
  headingMag: value(({ can, format }) => format.reading(can.direction, '°')),
  vehicleCurrent: value(({ can }) =>
    can.vehicle_current === null ? null : <VehicleCurrent amps={can.vehicle_current} />,
  ),
  cabinTemperature: value(({ can, format }) => format.reading(can.cabin_temp, 'F')),
  gearSelector: value(({ can, t }) => translated(t, gearName(can.gear))),
  packVoltage: value(({ cells }) => <PackVoltage cells={cells} />),
};

/** The tiles in the order they show: the last-reported times first, then the domain's order. */
export const TILES = [...DETAIL_TILES]
  .sort((a, b) => Number(b.key === 'activityTime') - Number(a.key === 'activityTime'))
  .map((tile) => ({ ...tile, ...VIEWS[tile.key] }));
