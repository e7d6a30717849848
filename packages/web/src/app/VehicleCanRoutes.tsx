import { vehicleCanRecord } from '@evfleet/domain';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatch, useSearchParams } from 'react-router';
import { ROUTES } from '../routing/routes';
import { UnassignedVehiclesPage } from '../features/unassigned-vehicles/UnassignedVehiclesPage';
import type { RecordScreen } from '../features/records/record-types';
import { RecordListPage } from '../features/records/RecordListPage';
import { RecordRoutes } from '../features/records/RecordRoutes';

/** The tab of /vehicle-can that lists the CAN records (docs/records.md). */
const RECORDS_VIEW = { view: 'records' };

const screen: RecordScreen = { def: vehicleCanRecord, base: ROUTES.vehicleCan, listQuery: RECORDS_VIEW };

/**
 * /vehicle-can: part 2 §2 makes it the unassigned-vehicles page, and also the base of the vehicle-can
 * record screens, whose list needs a home too. Two tabs: the unassigned vehicles (the default) and
 * the CAN records (?view=records), which the record screens return to and delete over.
 */
function VehicleCanIndex() {
  const { t } = useTranslation('app');
  const [params, setParams] = useSearchParams();
  const deleting = useMatch(`${ROUTES.vehicleCan}/:id/delete`) !== null;
  const view = deleting || params.get('view') === RECORDS_VIEW.view ? RECORDS_VIEW.view : 'unassigned';
  return (
    // Only the open tab is mounted: each has its own title and queries.
    <Tabs
      value={view}
      onChange={(next) => setParams(next === RECORDS_VIEW.view ? RECORDS_VIEW : {})}
      keepMounted={false}
    >
      <Tabs.List px="md" pt="sm">
        <Tabs.Tab value="unassigned" data-testid="tab-unassigned">
          {t('vehicleCan.unassigned')}
        </Tabs.Tab>
        <Tabs.Tab value={RECORDS_VIEW.view} data-testid="tab-records">
          {t('vehicleCan.records')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="unassigned">
        <UnassignedVehiclesPage />
      </Tabs.Panel>
      <Tabs.Panel value={RECORDS_VIEW.view}>
        <RecordListPage screen={screen} />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * /vehicle-can/*: the index above, then the generic record screens for new, {id}, {id}/edit, {id}/delete.
 * The area joins two features (unassigned vehicles, CAN records), so it is put together here in app/.
 */
export default function VehicleCanRoutes() {
  return <RecordRoutes screen={screen} index={<VehicleCanIndex />} />;
}
