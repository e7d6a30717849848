import { PEOPLE_TEXTS, fleetDeleteBlock } from '@evfleet/domain';
import { useNavigate, useOutletContext } from 'react-router';
import { ROUTES } from '../../app/routes';
import { NotFound } from '../../app/shell/StatusPages';
import { toast } from '../../app/toast';
import { DeleteDialog } from '../../components/list/DeleteDialog';
import { useIdParam } from '../../app/useIdParam';
import { useDeleteFleet, useFleet } from './api/fleets-api';
import type { FleetsOutletContext } from './FleetsPage';

/** /fleet/:id/delete: a fleet with drivers or vehicles cannot be deleted; the dialog says what to do first (§4, §8). */
export function FleetDeleteDialog() {
  const id = useIdParam();
  const navigate = useNavigate();
  const { onChanged } = useOutletContext<FleetsOutletContext>();
  const fleet = useFleet(id);
  const remove = useDeleteFleet();
  if (id === null) return <NotFound />;

  const close = () => navigate(ROUTES.fleet);
  const confirm = async () => {
    try {
      await remove.mutateAsync(id);
      toast.success(PEOPLE_TEXTS.fleetDeleted);
      onChanged();
      close();
    } catch {
      // the HTTP client has already shown the server's message
    }
  };

  return (
    <DeleteDialog
      loading={fleet.isPending}
      blocked={
        fleet.data
          ? (fleetDeleteBlock({ drivers: fleet.data.driverIdANdName, vehicles: fleet.data.vehicleIdAndName })
              ?.message ?? null)
          : fleet.isError
            ? 'This fleet could not be loaded.'
            : null
      }
      question={`Are you sure you want to delete this fleet (${fleet.data?.name ?? ''})?`}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
