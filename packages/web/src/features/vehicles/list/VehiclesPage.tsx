import { DEFAULT_VEHICLE_PAGE_SIZE, VEHICLE_PAGE_SIZES, type VehicleRow } from '@evfleet/domain';
import { Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { useCan } from '../../../session/useCan';
import { ROUTES } from '../../../routing/routes';
import { toast } from '../../../notify/toast';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ListLayout } from '../../../components/list/ListLayout';
import { usePagedList } from '../../../components/list/paged-list';
import { useSetVehicleStatus, vehiclesSource } from '../api/vehicles-api';
import { vehicleColumns } from './vehicleColumns';
import { useFormat } from '../../../components/format/useFormat';
import { VehicleMapCard } from './VehicleMapCard';

/**
 * The map sits above the grid and both draw on the one main thread: the grid (AG Grid and its cell
 * components) waits until the map has drawn its vehicles, and never longer than this.
 */
const GRID_WAITS_AT_MOST_MS = 1500;

/** What the delete dialog (rendered in the Outlet) tells the list after a change. */
export interface VehiclesOutletContext {
  onChanged: () => void;
}

/** /vehicle: 'Vehicle List' with its live map and grid; /vehicle/{id}/delete opens over it. */
export function VehiclesPage() {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  const list = usePagedList<VehicleRow>(vehiclesSource, DEFAULT_VEHICLE_PAGE_SIZE);
  const admin = useCan('vehicles');
  const navigate = useNavigate();
  const [toggling, setToggling] = useState<VehicleRow | null>(null);
  const setStatus = useSetVehicleStatus();
  const [mapDrawn, setMapDrawn] = useState(false);
  const onMapDrawn = useCallback(() => setMapDrawn(true), []);
  useEffect(() => {
    const timer = setTimeout(() => setMapDrawn(true), GRID_WAITS_AT_MOST_MS);
    return () => clearTimeout(timer);
  }, []);
  const columns = useMemo(() => vehicleColumns({ admin, onToggleStatus: setToggling, t, format }), [admin, t, format]);
  // §4 reloads the list at page 0 after a change; it keeps the chosen page size, since the spec's
  // size 10 is not one the vehicle list offers (docs/decisions.md, "Vehicle list order and page sizes").
  const context: VehiclesOutletContext = { onChanged: () => list.paging.firstPage() };

  const confirmStatus = () => {
    if (!toggling) return;
    // §4: the toggle sends the opposite of the current value.
    setStatus.mutate(
      { id: toggling.id, status: !toggling.status },
      {
        onSuccess: () => {
          toast.success(t('toast.statusUpdated'));
          context.onChanged();
        },
        // A refusal closes the question too; the HTTP client has already shown the server's message.
        onSettled: () => setToggling(null),
      },
    );
  };

  return (
    <ListLayout
      title={t('list.title')}
      list={list}
      columns={columns}
      onAdd={admin ? () => navigate(`${ROUTES.vehicle}/new`) : undefined}
      noRowsText={t('list.noRows')}
      testId="vehicles-grid"
      pageSizes={VEHICLE_PAGE_SIZES}
      aboveGrid={<VehicleMapCard onDrawn={onMapDrawn} />}
      gridWaits={!mapDrawn}
    >
      <ConfirmModal
        opened={toggling !== null}
        title={t('list.statusTitle')}
        busy={setStatus.isPending}
        confirmColor="blue"
        onConfirm={confirmStatus}
        onCancel={() => setToggling(null)}
      >
        <Text data-testid="status-question">{t('list.statusQuestion')}</Text>
      </ConfirmModal>
      <Outlet context={context} />
    </ListLayout>
  );
}
