import { Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import type { Vehicle, ZoneVisitRow } from '@evfleet/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlobDownload } from '../../../../api/useBlobDownload';
import { costsText, costText } from '../../../../components/format/costs';
import type { Format } from '../../../../components/format/format';
import { useFormat } from '../../../../components/format/useFormat';
import { ZONE_COLOURS } from '../../../../components/map/zone-shapes';
import { fetchZoneVisitsXlsx, useZoneVisits, type TimeWindow } from '../api/vehicle-analytics-api';
import { BatteryLoading } from '../battery/FiguresCard';
import { timeInside, visitDays, type VisitDay } from './visit-days';

/** The workbook's name, as the server names it. */
const FILE_NAME = 'Visits.xlsx';
const COLUMNS = 7;

/** The vehicle's visits to its zones in the chosen period, day by day with each day's totals, and their workbook. */
export function ZoneVisitsCard({ vehicle, window }: { vehicle: Vehicle; window: TimeWindow }) {
  const { t } = useTranslation('vehicles');
  const visits = useZoneVisits(vehicle.id, window);
  const { downloading, download } = useBlobDownload(() => fetchZoneVisitsXlsx(vehicle.id, window), FILE_NAME);
  // An open visit lasts until the answer came; it grows with the next answer.
  const days = useMemo(
    () => visitDays(visits.data ?? [], vehicle.timeZone, visits.dataUpdatedAt),
    [visits.data, visits.dataUpdatedAt, vehicle.timeZone],
  );

  return (
    <Card withBorder radius="md" padding="md" data-testid="zone-visits">
      <Group justify="space-between" mb="sm">
        <Title order={5}>{t('visits.title')}</Title>
        <Button
          size="xs"
          onClick={download}
          loading={downloading}
          disabled={days.length === 0}
          data-testid="zone-visits-export"
        >
          {t('visits.export')}
        </Button>
      </Group>
      {visits.data ? (
        days.length === 0 ? (
          <Text c="dimmed" size="sm" py="md" ta="center" data-testid="zone-visits-empty">
            {t('visits.empty')}
          </Text>
        ) : (
          <VisitsTable days={days} timeZone={vehicle.timeZone} now={visits.dataUpdatedAt} />
        )
      ) : visits.isPending ? (
        <BatteryLoading />
      ) : (
        <Text c="dimmed" size="sm">
          {t('battery.failed')}
        </Text>
      )}
    </Card>
  );
}

interface VisitsTableProps {
  days: readonly VisitDay[];
  timeZone: string;
  now: number;
}

/** One table: a row per day with its totals, then that day's visits. */
function VisitsTable({ days, timeZone, now }: VisitsTableProps) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={760} maxHeight={480}>
      <Table highlightOnHover stickyHeader data-testid="zone-visits-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('visits.zone')}</Table.Th>
            <Table.Th>{t('visits.entered')}</Table.Th>
            <Table.Th>{t('visits.left')}</Table.Th>
            <Table.Th ta="right">{t('visits.inside')}</Table.Th>
            <Table.Th ta="right">{t('visits.charged')}</Table.Th>
            <Table.Th ta="right">{t('figure.cost')}</Table.Th>
            <Table.Th ta="right">{t('figure.distance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day) => (
            <DayRows key={day.day} day={day} timeZone={timeZone} now={now} format={format} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DayRows({ day, timeZone, now, format }: { day: VisitDay; timeZone: string; now: number; format: Format }) {
  const { t } = useTranslation('vehicles');
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
        <VisitRow
          key={`${visit.zoneId}-${visit.enteredAt}`}
          visit={visit}
          timeZone={timeZone}
          now={now}
          format={format}
        />
      ))}
    </>
  );
}

interface VisitRowProps {
  visit: ZoneVisitRow;
  timeZone: string;
  now: number;
  format: Format;
}

function VisitRow({ visit, timeZone, now, format }: VisitRowProps) {
  const { t } = useTranslation('vehicles');
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
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" data-testid="zone-visits-zone">
            {visit.zoneName}
          </Text>
          <Badge size="sm" variant="light" color={ZONE_COLOURS[visit.kind]}>
            {t(`visits.kind.${visit.kind}`)}
          </Badge>
        </Group>
      </Table.Td>
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
