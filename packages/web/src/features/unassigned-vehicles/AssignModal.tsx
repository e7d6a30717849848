import { type UnassignedVehicle, type VehicleDealerFleets } from '@evfleet/domain';
import { Alert, Button, Center, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../notify/toast';
import { useAllFleets, useDealerFleets, useAssign } from './api/unassigned-api';

interface AssignModalProps {
  /** The chosen rows; the modal is open while there are some. */
  vehicles: UnassignedVehicle[];
  opened: boolean;
  onClose: () => void;
}

/** The Assign modal (§2, §4): each chosen vehicle goes to a fleet of its dealer. */
export function AssignModal({ vehicles, opened, onClose }: AssignModalProps) {
  const { t } = useTranslation('unassigned-vehicles');
  return (
    <Modal opened={opened} onClose={onClose} title={t('modal.title')} centered size="lg">
      {/* Mounted only while open: each opening asks the server afresh and starts with no choice. */}
      {opened && <AssignForm vehicles={vehicles} onClose={onClose} />}
    </Modal>
  );
}

type Option = { value: string; label: string };

function AssignForm({ vehicles, onClose }: Omit<AssignModalProps, 'opened'>) {
  const { t } = useTranslation('unassigned-vehicles');
  const dealerFleets = useDealerFleets(vehicles.map((vehicle) => vehicle.id));
  const needsAll = (dealerFleets.data ?? []).some((entry) => entry.dealerResponseDTO === null);
  const allFleets = useAllFleets(needsAll);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const assignCall = useAssign();

  const optionsOf = (entry: VehicleDealerFleets): Option[] =>
    entry.dealerResponseDTO
      ? entry.dealerResponseDTO.fleetResponseDTOs.map((fleet) => ({ value: String(fleet.id), label: fleet.name }))
      : (allFleets.data ?? []).map((fleet) => ({
          value: String(fleet.id),
          label: `${fleet.name} (${fleet.dealerName})`,
        }));

  // Choosing a fleet for one vehicle also chooses it for the others of the same dealer still without one.
  const choose = (entry: VehicleDealerFleets, fleetId: string | null) =>
    setChosen((current) => {
      const next = { ...current };
      for (const other of dealerFleets.data ?? []) {
        const sameDealer = other.dealerResponseDTO?.id === entry.dealerResponseDTO?.id;
        if (other.id === entry.id) next[other.id] = fleetId ?? '';
        else if (fleetId && sameDealer && !current[other.id]) next[other.id] = fleetId;
      }
      return next;
    });

  const entries = dealerFleets.data ?? [];
  const complete = entries.length > 0 && entries.every((entry) => chosen[entry.id]);

  const assign = async () => {
    const byFleet = new Map<number, number[]>();
    for (const entry of entries) {
      const fleetId = Number(chosen[entry.id]);
      byFleet.set(fleetId, [...(byFleet.get(fleetId) ?? []), entry.id]);
    }
    try {
      await assignCall.mutateAsync([...byFleet].map(([fleetId, vehicleIds]) => ({ fleetId, vehicleIds })));
      // The lists reload on their own (useAssign); the grid then drops the assigned rows' selection.
      toast.success(t('assigned'));
      onClose();
    } catch {
      // the HTTP client has already said why
    }
  };

  if (dealerFleets.isError) return <Alert color="red">{t('modal.failed')}</Alert>;
  if (!dealerFleets.data) {
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  }

  return (
    <Stack gap="md" data-testid="assign-modal">
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('modal.vehicle')}</Table.Th>
            <Table.Th>{t('column.dealerName')}</Table.Th>
            <Table.Th>{t('modal.fleet')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const options = optionsOf(entry);
            return (
              <Table.Tr key={entry.id} data-testid={`assign-row-${entry.id}`}>
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
                    placeholder={
                      options.length === 0 && !allFleets.isFetching ? t('modal.noFleet') : t('modal.chooseFleet')
                    }
                    data={options}
                    value={chosen[entry.id] || null}
                    onChange={(value) => choose(entry, value)}
                    searchable
                    disabled={options.length === 0}
                    comboboxProps={{ withinPortal: true }}
                    data-testid={`assign-fleet-${entry.id}`}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={assignCall.isPending} data-testid="assign-cancel">
          {t('modal.cancel')}
        </Button>
        <Button onClick={assign} loading={assignCall.isPending} disabled={!complete} data-testid="assign-submit">
          {t('assign')}
        </Button>
      </Group>
    </Stack>
  );
}
