import type { Zone } from '@evfleet/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal';
import { DataGrid } from '../../components/DataGrid';
import { ListHeader } from '../../components/list/ListHeader';
import { PageSizeSelect } from '../../components/list/PageSizeSelect';
import { Pager } from '../../components/list/Pager';
import { useDeleteConfirm } from '../../components/list/useDeleteConfirm';
import { usePaging } from '../../components/list/usePaging';
import { ROUTES } from '../../routing/routes';
import { useCan } from '../../session/useCan';
import { useDeleteZone, useZonesPage } from './api/zones-api';
import { zoneColumns } from './zoneColumns';
import { ZonesMap } from './ZonesMap';

/** What the map outlines while the first page loads: one array, so the map does not refit on every render. */
const NO_ZONES: readonly Zone[] = [];

/** /zones: the zones the user may see, newest first, outlined on a map above the list. */
export function ZonesPage() {
  const { t, i18n } = useTranslation('zones');
  const paging = usePaging();
  const zones = useZonesPage(paging.page, paging.size);
  const write = useCan('zones');
  const remove = useDeleteZone();
  const deleting = useDeleteConfirm({
    remove: (zone: Zone) => remove.mutateAsync(zone.id),
    deleted: (zone) => t('delete.done', { name: zone.name }),
  });
  const language = i18n.resolvedLanguage ?? 'en';
  const columns = useMemo(
    () => zoneColumns({ write, onDelete: deleting.ask, t, language }),
    [write, deleting.ask, t, language],
  );
  const rows = zones.data?.data;

  return (
    <Stack gap="md" p="md">
      <ListHeader title={t('list.title')}>
        <PageSizeSelect value={paging.size} onChange={paging.setSize} />
        {write && (
          <Button component={Link} to={`${ROUTES.zones}/new`} data-testid="add-new">
            {t('list.create')}
          </Button>
        )}
      </ListHeader>
      <Text size="sm" c="dimmed" maw={760}>
        {t('list.intro')}
      </Text>
      {zones.isError ? (
        <Alert color="red">{t('list.failed')}</Alert>
      ) : (
        <>
          <ZonesMap zones={rows ?? NO_ZONES} />
          <DataGrid
            rows={rows}
            columns={columns}
            loading={zones.isFetching}
            rowId={(zone) => String(zone.id)}
            noRowsText={t('list.empty')}
            testId="zones-grid"
          />
          <Pager
            page={paging.page}
            size={paging.size}
            total={zones.data?.totalCount ?? 0}
            onPageChange={paging.setPage}
          />
        </>
      )}
      <ConfirmModal {...deleting.modal} title={t('delete.title')}>
        <Text>{t('delete.question', { name: deleting.row?.name ?? '' })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
