import { Avatar, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { DetailFields } from '../../components/DetailFields';
import { DetailHeader } from '../../components/DetailHeader';
import { QueryStatus } from '../../components/QueryStatus';
import { useCan } from '../../session/useCan';
import { useIdParam } from '../../routing/useIdParam';
import { VehicleAssignment } from '../../components/vehicle-assignment/VehicleAssignment';
import { driverVehicles, useDriver } from './api/drivers-api';
import { photoSrc } from '../../components/image';

/** /driver/:id: the driver's details and vehicles (§2.4). */
export function DriverDetailPage() {
  const { t } = useTranslation('drivers');
  const id = useIdParam();
  const driver = useDriver(id);
  const canChange = useCan('drivers');
  const vehicles = useMemo(() => (id === null ? null : driverVehicles(id)), [id]);
  if (id === null || vehicles === null) return <NotFound />;

  return (
    <Stack gap="md" p="md">
      <DetailHeader title={t('detail.title')} backLabel={t('back')} backTo={ROUTES.driver} />
      <QueryStatus query={driver} failed={t('loadFailed')} />
      {driver.data && (
        <Group align="flex-start" wrap="nowrap">
          <Avatar
            src={photoSrc(driver.data.data)}
            alt=""
            size={72}
            radius="xl"
            name={driver.data.name}
            color="initials"
          />
          <div style={{ flex: 1 }}>
            <DetailFields
              fields={[
                { label: t('name'), value: driver.data.name, testId: 'driver-detail-name' },
                { label: t('email'), value: driver.data.email, testId: 'driver-detail-email' },
                { label: t('mobile'), value: driver.data.mobile, testId: 'driver-detail-mobile' },
                { label: t('address'), value: driver.data.address, testId: 'driver-detail-address' },
                { label: t('detail.fleetName'), value: driver.data.fleetName, testId: 'driver-detail-fleet' },
              ]}
            />
          </div>
        </Group>
      )}
      <VehicleAssignment
        source={vehicles}
        assignLabel={t('detail.assign')}
        modalTitle={t('detail.addVehicles')}
        can={{ assign: canChange, unassign: canChange }}
        texts={{ assigned: t('toast.assigned'), unassigned: t('toast.unassigned') }}
      />
    </Stack>
  );
}
