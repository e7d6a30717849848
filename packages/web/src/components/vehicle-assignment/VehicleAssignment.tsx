import type { VehicleRef } from '@evfleet/domain';
import { Button, Group, Modal, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddVehicles } from './AddVehicles';
import { UnassignConfirm } from './UnassignConfirm';
import { useSetAssigned, type VehicleAssignmentSource } from './vehicle-grid';
import { VehiclePageGrid } from './VehiclePageGrid';

interface VehicleAssignmentProps {
  source: VehicleAssignmentSource;
  /** 'Assign Vehicle' (driver) or 'Add More Vehicle' (fleet). */
  assignLabel: string;
  modalTitle: string;
  texts: { assigned: string; unassigned: string };
  /** What the user may do: assign (the modal) and unassign (selection and confirm); neither leaves the list read-only. */
  can: { assign: boolean; unassign: boolean };
}

/** The 'Vehicle List' of a driver or fleet detail: assigned vehicles, assign (modal) and unassign (confirm). */
export function VehicleAssignment({ source, assignLabel, modalTitle, texts, can }: VehicleAssignmentProps) {
  const { t } = useTranslation('components');
  const [selected, setSelected] = useState<VehicleRef[]>([]);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const assignment = useSetAssigned(source);
  const unassign = () =>
    assignment.set(selected, false, texts.unassigned, () => {
      setSelected([]);
      setConfirming(false);
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>{t('vehicles.title')}</Title>
        <Group gap="sm">
          {can.assign && (
            <Button onClick={() => setAdding(true)} data-testid="assign-vehicle">
              {assignLabel}
            </Button>
          )}
          {can.unassign && (
            <Button
              color="red"
              variant="light"
              disabled={selected.length === 0}
              onClick={() => setConfirming(true)}
              data-testid="unassign-vehicle"
            >
              {t('vehicles.unassign')}
            </Button>
          )}
        </Group>
      </Group>
      <VehiclePageGrid source={source} which="assigned" onSelectionChange={can.unassign ? setSelected : undefined} />
      <Modal opened={adding} onClose={() => setAdding(false)} title={modalTitle} centered size="xl">
        <AddVehicles source={source} onDone={() => setAdding(false)} assignedText={texts.assigned} />
      </Modal>
      <UnassignConfirm
        vehicles={confirming ? selected : null}
        busy={assignment.busy}
        onConfirm={unassign}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
