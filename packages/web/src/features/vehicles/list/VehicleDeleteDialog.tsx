import { useTranslation } from 'react-i18next';
import { useNavigate, useOutletContext } from 'react-router';
import { ROUTES } from '../../../routing/routes';
import { NotFound } from '../../../routing/StatusPages';
import { toast } from '../../../notify/toast';
import { DeleteDialog } from '../../../components/list/DeleteDialog';
import { useIdParam } from '../../../routing/useIdParam';
import { useDeleteVehicle, useVehicle } from '../api/vehicles-api';
import type { VehiclesOutletContext } from './VehiclesPage';

/** /vehicle/{id}/delete (§2 "Vehicle routes"): the confirmation over the list. */
export function VehicleDeleteDialog() {
  const { t } = useTranslation('vehicles');
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
      toast.success(t('toast.deleted'));
      onChanged();
      close();
    } catch {
      // the HTTP client has already shown the server's message
    }
  };

  return (
    <DeleteDialog
      loading={vehicle.isPending}
      blocked={vehicle.isError ? t('loadFailed') : null}
      question={t('delete.question', { name: vehicle.data?.name ?? '' })}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
