import type { UnassignedVehicle } from '@evfleet/domain';
import { Button, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../components/DataGrid';
import { ListHeader } from '../../components/list/ListHeader';
import { PageSizeSelect } from '../../components/list/PageSizeSelect';
import { Pager } from '../../components/list/Pager';
import { usePaging } from '../../components/list/usePaging';
import { useRoleToggles } from '../../session/useRoleToggles';
import { useCan } from '../../session/useCan';
import { useUnassignedVehicles } from './api/unassigned-api';
import { AssignModal } from './AssignModal';
import { unassignedColumns, vehicleRowId } from './vehicleColumns';

/**
 * /vehicle-can (§2 "Unassigned vehicles"): the vehicles in no fleet, paged on the server (page 0,
 * size 10 to start, §9), and the Assign modal that puts the selected ones in fleets of their dealers.
 */
export function UnassignedVehiclesPage() {
  // A dealer whose 'Assign Vehicle' switch is off is not offered Assign (the server would refuse it with a 403).
  const { t } = useTranslation('unassigned-vehicles');
  const columns = useMemo(() => unassignedColumns(t), [t]);
  const toggles = useRoleToggles();
  const canAssign = useCan('fleetVehicles') && toggles.allowsAssignment(true);
  const paging = usePaging();
  const list = useUnassignedVehicles(paging.page, paging.size);
  // The grid reports a new selection when rows go (another page, the reload after an assignment).
  const [selected, setSelected] = useState<UnassignedVehicle[]>([]);
  const [assigning, setAssigning] = useState(false);

  return (
    <Stack gap="md" p="md">
      <ListHeader title={t('title')}>
        <PageSizeSelect value={paging.size} onChange={paging.setSize} />
        {canAssign && (
          <Button disabled={selected.length === 0} onClick={() => setAssigning(true)} data-testid="assign-open">
            {t('assign')}
          </Button>
        )}
      </ListHeader>
      <DataGrid
        rows={list.data?.data}
        columns={columns}
        loading={list.isFetching}
        rowId={vehicleRowId}
        selection={canAssign ? 'multiple' : undefined}
        onSelectionChange={canAssign ? setSelected : undefined}
        noRowsText={t('noRows')}
        testId="unassigned-grid"
      />
      <Pager page={paging.page} size={paging.size} total={list.data?.totalCount ?? 0} onPageChange={paging.setPage} />
      <AssignModal vehicles={selected} opened={assigning} onClose={() => setAssigning(false)} />
    </Stack>
  );
}
