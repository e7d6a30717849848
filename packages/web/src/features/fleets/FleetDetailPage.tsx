import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { DetailFields } from '../../components/DetailFields';
import { DetailHeader } from '../../components/DetailHeader';
import { QueryStatus } from '../../components/QueryStatus';
import { useRoleToggles } from '../../session/useRoleToggles';
import { useCan } from '../../session/useCan';
import { useIdParam } from '../../routing/useIdParam';
import { VehicleAssignment } from '../../components/vehicle-assignment/VehicleAssignment';
import { fleetVehicles, useFleet } from './api/fleets-api';
import { FleetStatus } from './fleetColumns';

/** /fleet/:id: the fleet, its real status (not always Active, §2.5) and its vehicles. */
export function FleetDetailPage() {
  const { t } = useTranslation('fleets');
  const id = useIdParam();
  const fleet = useFleet(id);
  const canChange = useCan('fleetVehicles');
  // A dealer's 'Assign Vehicle' and 'Unassign Vehicle' switches (a refused change only earns a 403).
  const toggles = useRoleToggles();
  const can = {
    assign: canChange && toggles.allowsAssignment(true),
    unassign: canChange && toggles.allowsAssignment(false),
  };
  const vehicles = useMemo(() => (id === null ? null : fleetVehicles(id)), [id]);
  if (vehicles === null) return <NotFound />;

  return (
    <Stack gap="md" p="md">
      <DetailHeader title={t('detail.title')} backLabel={t('back')} backTo={ROUTES.fleet}>
        {fleet.data && (
          <span data-testid="fleet-detail-status">
            <FleetStatus active={fleet.data.status} />
          </span>
        )}
      </DetailHeader>
      <QueryStatus query={fleet} failed={t('loadFailed')} />
      {fleet.data && (
        <DetailFields
          fields={[
            { label: t('name'), value: fleet.data.name, testId: 'fleet-detail-name' },
            { label: t('detail.email'), value: fleet.data.email, testId: 'fleet-detail-email' },
            { label: t('dealerName'), value: fleet.data.dealerName, testId: 'fleet-detail-dealer-name' },
            { label: t('detail.dealerEmail'), value: fleet.data.dealerEmail, testId: 'fleet-detail-dealer-email' },
          ]}
        />
      )}
      <VehicleAssignment
        source={vehicles}
        assignLabel={t('detail.addVehicles')}
        modalTitle={t('detail.addVehicles')}
        can={can}
        texts={{ assigned: t('toast.assigned'), unassigned: t('toast.unassigned') }}
      />
    </Stack>
  );
}
