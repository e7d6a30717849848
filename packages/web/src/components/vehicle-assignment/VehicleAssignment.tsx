import type { VehicleRef } from '@evfleet/domain';
import { Button, Group, Modal, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../notify/toast';
import { DataGrid } from '../DataGrid';
import { Pager } from '../list/Pager';
import { AddVehicles } from './AddVehicles';
import { UnassignConfirm } from './UnassignConfirm';
import {
  useRefreshVehicles,
  useVehiclePage,
  vehicleColumns,
  vehicleRowId,
  VEHICLE_PAGE_SIZE,
  type VehicleAssignmentSource,
} from './vehicle-grid';

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
  const columns = useMemo(() => vehicleColumns(t), [t]);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<VehicleRef[]>([]);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const assigned = useVehiclePage(source, 'assigned', page);
  const refresh = useRefreshVehicles(source);

  const unassign = async () => {
    setBusy(true);
    try {
      await source.setAssigned(
        selected.map((vehicle) => vehicle.id),
        false,
      );
      toast.success(texts.unassigned);
      setSelected([]);
      setConfirming(false);
      await refresh();
    } catch {
      // the HTTP client has already said why
    } finally {
      setBusy(false);
    }
  };

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
      <DataGrid
        rows={assigned.data?.data}
        columns={columns}
        loading={assigned.isFetching}
        rowId={vehicleRowId}
        selection={can.unassign ? 'multiple' : undefined}
        onSelectionChange={can.unassign ? setSelected : undefined}
        noRowsText={t('vehicles.noneAssigned')}
        testId="assigned-vehicles-grid"
      />
      <Pager
        page={page}
        size={VEHICLE_PAGE_SIZE}
        total={assigned.data?.totalCount ?? 0}
        onPageChange={(next) => {
          setSelected([]);
          setPage(next);
        }}
      />
      <Modal opened={adding} onClose={() => setAdding(false)} title={modalTitle} centered size="xl">
        <AddVehicles source={source} onDone={() => setAdding(false)} assignedText={texts.assigned} refresh={refresh} />
      </Modal>
      <UnassignConfirm
        vehicles={confirming ? selected : null}
        busy={busy}
        onConfirm={unassign}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
