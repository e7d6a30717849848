import { type UnassignedVehicle, type VehicleDealerFleets } from '@evfleet/domain';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModalProps } from '../../components/modal-props';
import { TableHeader } from '../../components/TableHeader';
import { toast } from '../../notify/toast';
import { useAllFleets, useDealerFleets, useAssign } from './api/unassigned-api';
import { AssignRow } from './AssignRow';
import { assignmentsOf, chooseFleet, type FleetChoices } from './fleet-choices';

interface AssignModalProps extends ModalProps {
  /** The chosen rows; the modal is open while there are some. */
  vehicles: UnassignedVehicle[];
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

function AssignForm({ vehicles, onClose }: Omit<AssignModalProps, 'opened'>) {
  const { t } = useTranslation('unassigned-vehicles');
  const dealerFleets = useDealerFleets(vehicles.map((vehicle) => vehicle.id));
  const entries = dealerFleets.data ?? [];
  const allFleets = useAllFleets(entries.some((entry) => entry.dealerResponseDTO === null));
  const [chosen, setChosen] = useState<FleetChoices>({});
  const assignCall = useAssign();

  // A vehicle without a dealer may go to any fleet, named with its dealer.
  const optionsOf = (entry: VehicleDealerFleets) =>
    entry.dealerResponseDTO
      ? entry.dealerResponseDTO.fleetResponseDTOs.map((fleet) => ({ value: String(fleet.id), label: fleet.name }))
      : (allFleets.data ?? []).map((fleet) => ({
          value: String(fleet.id),
          label: `${fleet.name} (${fleet.dealerName})`,
        }));
  const complete = entries.length > 0 && entries.every((entry) => chosen[entry.id]);

  const assign = async () => {
    try {
      await assignCall.mutateAsync(assignmentsOf(entries, chosen));
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
        <TableHeader columns={[t('modal.vehicle'), t('column.dealerName'), t('modal.fleet')]} />
        <Table.Tbody>
          {entries.map((entry) => (
            <AssignRow
              key={entry.id}
              entry={entry}
              options={optionsOf(entry)}
              searching={allFleets.isFetching}
              value={chosen[entry.id]}
              onChange={(fleetId) => setChosen((current) => chooseFleet(current, entries, entry, fleetId))}
            />
          ))}
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
