import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type { ZoneVisitRow } from '@evfleet/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { costsText, costText } from '../format/costs';
import type { Format } from '../format/format';
import { useFormat } from '../format/useFormat';
import { ZONE_COLOURS } from '../map/zone-shapes';
import { timeInside, type VisitDay } from './visit-days';

/** What each row names: the zone visited (a vehicle's visits) or the visiting vehicle (a zone's visits). */
export type VisitNames = 'zone' | 'vehicle';

const COLUMNS = 7;

interface ZoneVisitsTableProps {
  days: readonly VisitDay[];
  timeZone: string;
  now: number;
  names: VisitNames;
}

/** One table: a row per day with its totals, then that day's visits. */
export function ZoneVisitsTable({ days, timeZone, now, names }: ZoneVisitsTableProps) {
  const { t } = useTranslation('components');
  const format = useFormat();
  const shown = { timeZone, now, names, format };
  return (
    <Table.ScrollContainer minWidth={760} maxHeight={480}>
      <Table highlightOnHover stickyHeader data-testid="zone-visits-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`visits.${names}`)}</Table.Th>
            <Table.Th>{t('visits.entered')}</Table.Th>
            <Table.Th>{t('visits.left')}</Table.Th>
            <Table.Th ta="right">{t('visits.inside')}</Table.Th>
            <Table.Th ta="right">{t('visits.charged')}</Table.Th>
            <Table.Th ta="right">{t('visits.cost')}</Table.Th>
            <Table.Th ta="right">{t('visits.distance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day) => (
            <DayRows key={day.day} day={day} shown={shown} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** How the rows are told: in which zone, until when an open visit lasts, naming what. */
interface Shown {
  timeZone: string;
  now: number;
  names: VisitNames;
  format: Format;
}

function DayRows({ day, shown }: { day: VisitDay; shown: Shown }) {
  const { t } = useTranslation('components');
  const { format, timeZone } = shown;
  const totals = {
    inside: format.duration(day.insideMs),
    charged: format.fixed(day.chargedKwh, 2, 'kWh'),
    cost: costsText(day.costs, format),
  };
  return (
    <>
      <Table.Tr bg="var(--mantine-color-default-hover)" data-testid="zone-visits-day">
        <Table.Td colSpan={COLUMNS}>
          <Group justify="space-between" gap="xs">
            <Text fw={700} size="sm">
              {format.date(day.visits[0].enteredAt, timeZone)}
            </Text>
            <Text size="sm" data-testid="zone-visits-day-total">
              {t(day.costs.length === 0 ? 'visits.dayTotal' : 'visits.dayTotalCost', totals)}
            </Text>
          </Group>
        </Table.Td>
      </Table.Tr>
      {day.visits.map((visit) => (
        <VisitRow key={`${visit.vehicleId}-${visit.zoneId}-${visit.enteredAt}`} visit={visit} shown={shown} />
      ))}
    </>
  );
}

function VisitRow({ visit, shown: { timeZone, now, names, format } }: { visit: ZoneVisitRow; shown: Shown }) {
  const { t } = useTranslation('components');
  const entered = Date.parse(visit.enteredAt);
  // The day is in the row above; a visit left on a later day says which.
  const left =
    visit.exitedAt === null
      ? null
      : format.date(visit.exitedAt, timeZone) === format.date(entered, timeZone)
        ? format.time(visit.exitedAt, { timeZone })
        : format.dateTime(visit.exitedAt, { timeZone });
  return (
    <Table.Tr data-testid="zone-visits-row">
      <Table.Td>{names === 'zone' ? <ZoneName visit={visit} /> : <VehicleLink visit={visit} />}</Table.Td>
      <Table.Td>{format.time(entered, { timeZone })}</Table.Td>
      <Table.Td>
        {left ?? (
          <Badge size="sm" color="teal" variant="dot" data-testid="zone-visits-inside-now">
            {t('visits.insideNow')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">{format.duration(timeInside(visit, now))}</Table.Td>
      <Table.Td ta="right">{format.fixed(visit.chargedKwh, 2, 'kWh')}</Table.Td>
      <Table.Td ta="right" data-testid="zone-visits-cost">
        {costText(visit.chargeCost, visit.currency, format)}
      </Table.Td>
      <Table.Td ta="right">{format.fixed(visit.distanceMiles, 1, 'mi')}</Table.Td>
    </Table.Tr>
  );
}

function ZoneName({ visit }: { visit: ZoneVisitRow }) {
  const { t } = useTranslation('components');
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" data-testid="zone-visits-zone">
        {visit.zoneName}
      </Text>
      <Badge size="sm" variant="light" color={ZONE_COLOURS[visit.kind]}>
        {t(`visits.kind.${visit.kind}`)}
      </Badge>
    </Group>
  );
}

function VehicleLink({ visit }: { visit: ZoneVisitRow }) {
  return (
    <Anchor component={Link} to={`${ROUTES.vehicle}/${visit.vehicleId}`} size="sm" data-testid="zone-visits-vehicle">
      {visit.vehicleName}
    </Anchor>
  );
}
