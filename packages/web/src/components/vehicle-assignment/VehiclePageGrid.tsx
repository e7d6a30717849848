import type { VehicleRef } from '@evfleet/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../DataGrid';
import { Pager } from '../list/Pager';
import {
  useVehiclePage,
  vehicleColumns,
  vehicleRowId,
  VEHICLE_PAGE_SIZE,
  type VehicleAssignmentSource,
} from './vehicle-grid';

/** What each of an owner's two vehicle lists says when empty, and its grid's test id. */
const LISTS = {
  assigned: { noRows: 'vehicles.noneAssigned', testId: 'assigned-vehicles-grid' },
  unassigned: { noRows: 'vehicles.noneUnassigned', testId: 'unassigned-vehicles-grid' },
} as const;

interface VehiclePageGridProps {
  source: VehicleAssignmentSource;
  which: keyof typeof LISTS;
  /** The vehicles picked (another page clears the pick); absent: nothing can be picked. */
  onSelectionChange?: (vehicles: VehicleRef[]) => void;
}

/** One of an owner's vehicle lists, a page at a time, with its pager. */
export function VehiclePageGrid({ source, which, onSelectionChange }: VehiclePageGridProps) {
  const { t } = useTranslation('components');
  const columns = useMemo(() => vehicleColumns(t), [t]);
  const [page, setPage] = useState(0);
  const vehicles = useVehiclePage(source, which, page);
  return (
    <>
      <DataGrid
        rows={vehicles.data?.data}
        columns={columns}
        loading={vehicles.isFetching}
        rowId={vehicleRowId}
        selection={onSelectionChange && 'multiple'}
        onSelectionChange={onSelectionChange}
        noRowsText={t(LISTS[which].noRows)}
        testId={LISTS[which].testId}
      />
      <Pager
        page={page}
        size={VEHICLE_PAGE_SIZE}
        total={vehicles.data?.totalCount ?? 0}
        onPageChange={(next) => {
          onSelectionChange?.([]);
          setPage(next);
        }}
      />
    </>
  );
}
