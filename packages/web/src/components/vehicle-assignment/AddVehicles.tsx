import type { VehicleRef } from '@evfleet/domain';
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetAssigned, type VehicleAssignmentSource } from './vehicle-grid';
import { VehiclePageGrid } from './VehiclePageGrid';

interface AddVehiclesProps {
  source: VehicleAssignmentSource;
  assignedText: string;
  onDone: () => void;
}

/** The 'Add Vehicles' modal's content: unassigned vehicles to pick (mounted only while open, so each opening starts unselected on page 1). */
export function AddVehicles({ source, assignedText, onDone }: AddVehiclesProps) {
  const { t } = useTranslation('components');
  const [selected, setSelected] = useState<VehicleRef[]>([]);
  const assignment = useSetAssigned(source);

  return (
    <Stack gap="sm" data-testid="add-vehicles-modal">
      <VehiclePageGrid source={source} which="unassigned" onSelectionChange={setSelected} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={assignment.busy} data-testid="assign-cancel">
          {t('form.cancel')}
        </Button>
        <Button
          onClick={() => assignment.set(selected, true, assignedText, onDone)}
          loading={assignment.busy}
          disabled={selected.length === 0}
          data-testid="assign-submit"
        >
          {t('vehicles.assign')}
        </Button>
      </Group>
    </Stack>
  );
}
