import { Alert, Center, Loader, Stack, Tabs } from '@mantine/core';
import type { Vehicle } from '@evfleet/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HttpError } from '../../../api/http';
import { useRoleToggles } from '../../../session/useRoleToggles';
import { NotFound } from '../../../routing/StatusPages';
import { useIdParam } from '../../../routing/useIdParam';
import { useVehicle } from './api/vehicle-detail-api';
import { DetailHeader } from './DetailHeader';
import { VehicleOverview } from './VehicleOverview';

// The charts' libraries (recharts, uPlot) load only when their tab first opens.
const BatteryTab = lazy(() => import('./battery/BatteryTab').then((m) => ({ default: m.BatteryTab })));
const SignalChartPanel = lazy(() =>
  import('./signals/SignalChartPanel').then((m) => ({ default: m.SignalChartPanel })),
);

const TABS = ['overview', 'battery', 'signals'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

const loading = (
  <Center py="xl">
    <Loader size="sm" />
  </Center>
);

/** /vehicle/:id (part 2 §2 "Vehicle detail"). */
export function VehicleDetailPage() {
  const { t } = useTranslation('vehicles');
  const id = useIdParam();
  const vehicle = useVehicle(id ?? 0, id !== null);
  if (id === null || (vehicle.error instanceof HttpError && vehicle.error.call.status === 404)) return <NotFound />;
  if (vehicle.isPending) {
    return (
      <Center py="xl">
        <Loader data-testid="vehicle-detail-loading" />
      </Center>
    );
  }
  if (!vehicle.data) {
    return (
      <Alert color="red" m="md" data-testid="vehicle-detail-error">
        {t('loadFailed')}
      </Alert>
    );
  }
  return <VehicleDetail vehicle={vehicle.data} />;
}

function VehicleDetail({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  // The tab is in the address (`?tab=battery`): a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const chosen = params.get('tab');
  // The signal chart draws the stored readings: offered only to those the role toggles let see the
  // CAN history (the server refuses others, and a refused read would put the access-denied page in place of this one).
  const toggles = useRoleToggles();
  const mayChart = toggles.ready && toggles.allows('canHistory', vehicle);
  const tab: Tab = isTab(chosen) && (chosen !== 'signals' || mayChart) ? chosen : 'overview';
  const setTab = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== 'overview') next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md" p="md" data-testid="vehicle-detail">
      <DetailHeader id={vehicle.id} name={vehicle.name} vin={vehicle.vin} />
      {/* Only the open tab is mounted: a map laid out while hidden would draw at the wrong size. */}
      <Tabs value={tab} onChange={setTab} keepMounted={false} data-testid="vehicle-detail-tabs">
        <Tabs.List mb="md">
          <Tabs.Tab value="overview" data-testid="tab-overview">
            {t('detail.tabOverview')}
          </Tabs.Tab>
          <Tabs.Tab value="battery" data-testid="tab-battery">
            {t('detail.tabBattery')}
          </Tabs.Tab>
          {mayChart && (
            <Tabs.Tab value="signals" data-testid="tab-signals">
              {t('detail.tabSignals')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="overview">
          <VehicleOverview vehicle={vehicle} />
        </Tabs.Panel>
        <Tabs.Panel value="battery">
          <Suspense fallback={loading}>
            <BatteryTab vehicle={vehicle} />
          </Suspense>
        </Tabs.Panel>
        {mayChart && (
          <Tabs.Panel value="signals">
            <Suspense fallback={loading}>
              <SignalChartPanel vehicle={vehicle} />
            </Suspense>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
