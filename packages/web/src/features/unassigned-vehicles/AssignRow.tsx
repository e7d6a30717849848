import type { VehicleDealerFleets } from '@evfleet/domain';
import { Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface AssignRowProps {
  entry: VehicleDealerFleets;
  /** The fleets the vehicle may go to. */
  options: { value: string; label: string }[];
  /** The fleets are still being asked for: no 'no fleet' yet. */
  searching: boolean;
  value: string | undefined;
  onChange: (fleetId: string | null) => void;
}

/** A chosen vehicle, its dealer, and the fleet it goes to. */
export function AssignRow({ entry, options, searching, value, onChange }: AssignRowProps) {
  const { t } = useTranslation('unassigned-vehicles');
  return (
    <Table.Tr data-testid={`assign-row-${entry.id}`}>
      <Table.Td>
        <Text size="sm">{entry.name}</Text>
        <Text size="xs" c="dimmed">
          {entry.vin}
        </Text>
      </Table.Td>
      <Table.Td>{entry.dealerResponseDTO?.name ?? '—'}</Table.Td>
      <Table.Td>
        <Select
          aria-label={t('modal.fleetFor', { name: entry.name })}
          placeholder={options.length === 0 && !searching ? t('modal.noFleet') : t('modal.chooseFleet')}
          data={options}
          value={value || null}
          onChange={onChange}
          searchable
          disabled={options.length === 0}
          comboboxProps={{ withinPortal: true }}
          data-testid={`assign-fleet-${entry.id}`}
        />
      </Table.Td>
    </Table.Tr>
  );
}
