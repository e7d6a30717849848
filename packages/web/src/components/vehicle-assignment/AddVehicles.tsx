import type { VehicleRef } from '@evfleet/domain';
import { Button, Group, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../notify/toast';
import { DataGrid } from '../DataGrid';
import { Pager } from '../list/Pager';
import {
  useVehiclePage,
  vehicleColumns,
  vehicleRowId,
  VEHICLE_PAGE_SIZE,
  type VehicleAssignmentSource,
} from './vehicle-grid';

interface AddVehiclesProps {
  source: VehicleAssignmentSource;
  assignedText: string;
  onDone: () => void;
  refresh: () => Promise<unknown>;
}

/** The 'Add Vehicles' modal's content: unassigned vehicles to pick (mounted only while open, so each opening starts unselected on page 1). */
export function AddVehicles({ source, assignedText, onDone, refresh }: AddVehiclesProps) {
  const { t } = useTranslation('components');
  const columns = useMemo(() => vehicleColumns(t), [t]);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<VehicleRef[]>([]);
  const [busy, setBusy] = useState(false);
  const unassigned = useVehiclePage(source, 'unassigned', page);

  const assign = async () => {
    setBusy(true);
    try {
      await source.setAssigned(
        selected.map((vehicle) => vehicle.id),
        true,
      );
      toast.success(assignedText);
      onDone();
      await refresh();
    } catch {
      setBusy(false); // the HTTP client has already said why
    }
  };

  return (
    <Stack gap="sm" data-testid="add-vehicles-modal">
      <DataGrid
        rows={unassigned.data?.data}
        columns={columns}
        loading={unassigned.isFetching}
        rowId={vehicleRowId}
        selection="multiple"
        onSelectionChange={setSelected}
        noRowsText={t('vehicles.noneUnassigned')}
        testId="unassigned-vehicles-grid"
      />
      <Pager
        page={page}
        size={VEHICLE_PAGE_SIZE}
        total={unassigned.data?.totalCount ?? 0}
        onPageChange={(next) => {
          setSelected([]);
          setPage(next);
        }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={busy} data-testid="assign-cancel">
          {t('form.cancel')}
        </Button>
        <Button onClick={assign} loading={busy} disabled={selected.length === 0} data-testid="assign-submit">
          {t('vehicles.assign')}
        </Button>
      </Group>
    </Stack>
  );
}
