import type { DeviceProfileWrite } from '@evfleet/domain';
import { Alert, Badge, Button, Card, Center, Loader, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../components/format/useFormat';
import { SectionHeading } from '../../components/SectionHeading';
import { ActionsHeader } from './ActionsHeader';
import { useUnmapped, type UnmappedElement } from './api/device-profiles-api';
import { figure, type MappingsForm } from './mappings-form';

interface UnmappedListProps {
  profileId: number;
  /** Vehicles whose tracker reads by the profile: none, and nothing can have been sent. */
  vehicles: number;
  /** The editor's form: an element already given a row (saved or not) offers no second one. */
  control: Control<MappingsForm, unknown, DeviceProfileWrite>;
  onMap: (io: number) => void;
}

/**
 * Beside the mappings: the IO elements the profile's trackers sent that it does not map, each
 * vehicle's last raw value and when it came, so a fleet maps what it sees instead of reading a manual.
 */
export function UnmappedList({ profileId, vehicles, control, onMap }: UnmappedListProps) {
  const { t } = useTranslation('device-profiles');
  const unmapped = useUnmapped(profileId);
  const rows = useWatch({ control, name: 'mappings' });
  const inTable = useMemo(() => new Set(rows.map((row) => figure(row.io))), [rows]);

  return (
    <Card withBorder radius="md" padding="md" data-testid="unmapped">
      <Stack gap="xs">
        <SectionHeading title={t('unmapped.title')} hint={t('unmapped.hint')} />
        {unmapped.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('unmapped.loading')} />
          </Center>
        ) : unmapped.isError ? (
          <Alert color="red">{t('unmapped.failed')}</Alert>
        ) : unmapped.data.length === 0 ? (
          <Text size="sm" py="sm" data-testid="unmapped-empty">
            {vehicles === 0 ? t('unmapped.noVehicles') : t('unmapped.none')}
          </Text>
        ) : (
          <UnmappedTable elements={unmapped.data} inTable={inTable} onMap={onMap} />
        )}
      </Stack>
    </Card>
  );
}

interface UnmappedTableProps {
  elements: UnmappedElement[];
  /** The elements the mappings table already has a row for. */
  inTable: ReadonlySet<number>;
  onMap: (io: number) => void;
}

/** One row per element and vehicle: what it last sent, when, and a button to map it. */
function UnmappedTable({ elements, inTable, onMap }: UnmappedTableProps) {
  const { t } = useTranslation('device-profiles');
  const format = useFormat();
  const now = Date.now();
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" data-testid="unmapped-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={1}>{t('unmapped.io')}</Table.Th>
          <Table.Th>{t('unmapped.seen')}</Table.Th>
          {/* As narrow as its button: the vehicle's name takes the rest. */}
          <ActionsHeader w={1} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {elements.map((element) => (
          <Table.Tr
            key={`${element.io}-${element.vehicleId}`}
            data-testid={`unmapped-${element.io}`}
            data-vehicle={element.vehicleId}
          >
            <Table.Td fw={600} ff="monospace">
              {element.io}
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {element.vehicleName}
              </Text>
              <Text size="xs" c="dimmed" title={format.dateTime(element.lastSeen, { seconds: true })}>
                {element.lastValue === null
                  ? t('unmapped.tooLong')
                  : t('unmapped.value', { value: String(element.lastValue) })}{' '}
                · {format.relative(element.lastSeen, now)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <MapButton io={element.io} mapped={inTable.has(element.io)} onMap={onMap} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** 'Map' for an element the table lacks; for one it has, a note that it is there. */
function MapButton({ io, mapped, onMap }: { io: number; mapped: boolean; onMap: (io: number) => void }) {
  const { t } = useTranslation('device-profiles');
  if (mapped)
    return (
      <Badge variant="light" color="gray" size="sm" w="max-content">
        {t('unmapped.inTable')}
      </Badge>
    );
  return (
    <Button
      size="compact-xs"
      variant="light"
      onClick={() => onMap(io)}
      aria-label={t('unmapped.mapIo', { io })}
      data-testid={`unmapped-map-${io}`}
    >
      {t('unmapped.map')}
    </Button>
  );
}
