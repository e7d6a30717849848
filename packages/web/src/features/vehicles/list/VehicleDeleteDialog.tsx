import { VEHICLE_TEXTS } from '@evfleet/domain';
import { useNavigate, useOutletContext } from 'react-router';
import { ROUTES } from '../../../app/routes';
import { NotFound } from '../../../app/shell/StatusPages';
import { toast } from '../../../app/toast';
import { DeleteDialog } from '../../../components/list/DeleteDialog';
import { useIdParam } from '../../../app/useIdParam';
import { useDeleteVehicle, useVehicle } from '../api/vehicles-api';
import type { VehiclesOutletContext } from './VehiclesPage';

/** /vehicle/{id}/delete (§2 "Vehicle routes"): the confirmation over the list. */
export function VehicleDeleteDialog() {
  const id = useIdParam();
  const navigate = useNavigate();
  const { onChanged } = useOutletContext<VehiclesOutletContext>();
  const vehicle = useVehicle(id);
  const remove = useDeleteVehicle();
  if (id === null) return <NotFound />;

  const close = () => navigate(ROUTES.vehicle);
  const confirm = async () => {
    try {
      await remove.mutateAsync(id);
      toast.success(VEHICLE_TEXTS.deleted);
      onChanged();
      close();
    } catch {
      // the HTTP client has already shown the server's message
    }
  };

  return (
    <DeleteDialog
      loading={vehicle.isPending}
      blocked={vehicle.isError ? 'This vehicle could not be loaded.' : null}
      question={`Are you sure you want to delete this vehicle (${vehicle.data?.name ?? ''})?`}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
