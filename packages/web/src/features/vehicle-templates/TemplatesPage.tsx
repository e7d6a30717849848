import { DEFAULT_PAGE_SIZE, type VehicleTemplate } from '@evfleet/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { useCan } from '../../session/useCan';
import { ROUTES } from '../../routing/routes';
import { useFormat } from '../../components/format/useFormat';
import { ListLayout } from '../../components/list/ListLayout';
import { usePagedList } from '../../components/list/paged-list';
import { templatesSource } from './api/templates-api';
import { templateColumns } from './templateColumns';

/** What the routes over the list (add and edit modals, delete dialog) tell it after a change. */
export interface TemplatesOutletContext {
  onChanged: () => void;
  close: () => void;
}

/** /vehicle-template: the list (page sizes 10/100/500/1000, as the people lists); /new, /{id}/edit and /{id}/delete open over it (the Outlet). */
export function TemplatesPage() {
  const { t } = useTranslation('vehicle-templates');
  const list = usePagedList<VehicleTemplate>(templatesSource);
  const navigate = useNavigate();
  const write = useCan('templates');
  const format = useFormat();
  const columns = useMemo(() => templateColumns(write, format, t), [write, format, t]);
  const context: TemplatesOutletContext = {
    // §4: after a create, update or delete the list is fetched again at page 0, size 10.
    onChanged: () => list.paging.setSize(DEFAULT_PAGE_SIZE),
    close: () => navigate(ROUTES.vehicleTemplate),
  };

  return (
    <ListLayout
      title={t('list.title')}
      list={list}
      columns={columns}
      onAdd={write ? () => navigate(`${ROUTES.vehicleTemplate}/new`) : undefined}
      noRowsText={t('list.empty')}
      testId="templates-grid"
    >
      <Outlet context={context} />
    </ListLayout>
  );
}
