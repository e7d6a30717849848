import { useOutletContext } from 'react-router';
import { ROUTES } from '../../../routing/routes';
import { byId, RoutedDeleteDialog } from '../../../components/delete/RoutedDeleteDialog';
import { useDeleteVehicle, useVehicle } from '../api/vehicles-api';
import type { VehiclesOutletContext } from './VehiclesPage';

/** /vehicle/{id}/delete (§2 "Vehicle routes"): the confirmation over the list. */
export function VehicleDeleteDialog() {
  const { onChanged } = useOutletContext<VehiclesOutletContext>();
  return (
    <RoutedDeleteDialog
      ns="vehicles"
      listRoute={ROUTES.vehicle}
      useRecord={useVehicle}
      useRemove={useDeleteVehicle}
      request={byId}
      onDeleted={onChanged}
    />
  );
}
