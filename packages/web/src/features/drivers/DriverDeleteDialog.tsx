import { driverDeleteBlock, type Driver } from '@evfleet/domain';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../routing/routes';
import { RoutedDeleteDialog } from '../../components/delete/RoutedDeleteDialog';
import { useDeleteDriver, useDriver } from './api/drivers-api';

/** What the server would refuse without the confirm flag, the dialog warns of; Yes then confirms. */
const needsConfirm = (driver: Driver | undefined) =>
  driverDeleteBlock({ hasVehicles: driver?.vehicleExist ?? false }, false) !== null;

/** /driver/:id/delete: a driver with vehicles is warned that they will all be unassigned (§4). */
export function DriverDeleteDialog() {
  const { t } = useTranslation('drivers');
  return (
    <RoutedDeleteDialog
      ns="drivers"
      listRoute={ROUTES.driver}
      useRecord={useDriver}
      useRemove={useDeleteDriver}
      request={(id, driver) => ({ id, unassignVehicles: needsConfirm(driver) })}
      question={(driver) =>
        t(needsConfirm(driver) ? 'delete.withVehicles' : 'delete.question', { name: driver?.name ?? '' })
      }
    />
  );
}
