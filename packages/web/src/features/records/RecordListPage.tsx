import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import { useCan } from '../../session/useCan';
import { DataGrid } from '../../components/DataGrid';
import { useFormat } from '../../components/format/useFormat';
import type { GridSort } from '../../components/data-grid-props';
import { PageSizeSelect } from '../../components/list/PageSizeSelect';
import { Pager } from '../../components/list/Pager';
import { usePaging, type Paging } from '../../components/list/usePaging';
import { useDomainText } from '../../i18n/useDomainText';
import { useRecordList } from './api/records-api';
import { VEHICLE_PARAM, vehicleFilterOf } from './list-return';
import { recordColumns } from './recordColumns';
import { referencesOf } from './record-references';
import type { RecordScreen } from './record-types';
import { RecordLoading } from './RecordLoading';
import { VehiclePicker } from './VehiclePicker';

/**
 * {base}: one page of records with every column of the description, server-sorted and paged, with
 * the entity's empty text; {base}/{id}/delete shows its dialog over it (the Outlet).
 */
export function RecordListPage({ screen }: { screen: RecordScreen }) {
  const { t } = useTranslation('records');
  const domainText = useDomainText();
  const { def, base } = screen;
  const title = domainText(def.title);
  const { search } = useLocation();
  const paging = usePaging();
  const [vehicleId, chooseVehicle] = useVehicleFilter(paging.firstPage);
  const [sort, setSort] = useState<GridSort | null>(null);
  const request = {
    page: paging.page,
    size: paging.size,
    sort: sort ? `${sort.colId},${sort.direction}` : `${def.sortable[0]},desc`,
    vehicleId,
  };
  const list = useRecordList(def, request);
  const canWrite = useCan({ roles: def.writers });
  const filteredVehicle = referencesOf(def, list.data?.rows[0] ?? null).filter((vehicle) => vehicle.id === vehicleId);

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} data-testid="list-title">
          {title}
        </Title>
        <Group gap="sm" wrap="wrap" align="flex-end">
          {def.vehicleFilter && (
            <VehiclePicker
              testId="vehicle-filter"
              placeholder={def.vehicleFilter === 'required' ? t('list.selectVehicle') : t('list.allVehicles')}
              known={filteredVehicle}
              value={vehicleId ? String(vehicleId) : ''}
              onChange={chooseVehicle}
            />
          )}
          <PageSizeSelect value={paging.size} onChange={paging.setSize} />
          {canWrite && (
            <Button component={Link} to={`${base}/new${search}`} data-testid="add-new">
              {t('action.addNew')}
            </Button>
          )}
        </Group>
      </Group>
      {def.vehicleFilter === 'required' && vehicleId === null ? (
        <Text c="dimmed" data-testid="choose-vehicle">
          {t('list.chooseVehicle', { title })}
        </Text>
      ) : (
        <RecordGrid
          screen={screen}
          title={title}
          list={list}
          paging={paging}
          canWrite={canWrite}
          onSortChange={setSort}
        />
      )}
      <Outlet />
    </Stack>
  );
}

/** The vehicle the list is filtered by, kept in the address; choosing another tells `onChosen` (the list starts again at its first page). */
function useVehicleFilter(onChosen: () => void) {
  const [params, setParams] = useSearchParams();
  const choose = (id: string) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(VEHICLE_PARAM, id);
      else next.delete(VEHICLE_PARAM);
      return next;
    });
    onChosen();
  };
  return [vehicleFilterOf(params), choose] as const;
}

interface RecordGridProps {
  screen: RecordScreen;
  title: string;
  list: ReturnType<typeof useRecordList>;
  paging: Paging;
  canWrite: boolean;
  onSortChange: (sort: GridSort | null) => void;
}

/** The page of records with its pager; a loader first, and why it failed when nothing came. */
function RecordGrid({ screen: { def, base }, title, list, paging, canWrite, onSortChange }: RecordGridProps) {
  const { t } = useTranslation('records');
  const domainText = useDomainText();
  const format = useFormat();
  const { search } = useLocation();
  const columns = useMemo(
    () => recordColumns(def, { base, search, canWrite, format, t, domainText }),
    [def, base, search, canWrite, format, t, domainText],
  );
  if (list.isPending) return <RecordLoading />;
  if (list.isError && !list.data) {
    return (
      <Alert color="red" data-testid="records-error">
        {t('list.loadFailed', { title })}
      </Alert>
    );
  }
  return (
    <>
      <DataGrid
        rows={list.data?.rows ?? []}
        columns={columns}
        loading={list.isFetching}
        rowId={(row) => String(row.id)}
        noRowsText={domainText(def.emptyText)}
        onSortChange={onSortChange}
        testId={`${def.key}-grid`}
      />
      <Pager page={paging.page} size={paging.size} total={list.data?.total ?? 0} onPageChange={paging.setPage} />
    </>
  );
}
