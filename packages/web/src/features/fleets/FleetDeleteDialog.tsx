import { namesPhrase, type Fleet } from '@evfleet/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutletContext } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { toast } from '../../notify/toast';
import { DeleteDialog } from '../../components/list/DeleteDialog';
import { useIdParam } from '../../routing/useIdParam';
import { useDeleteFleet, useFleet } from './api/fleets-api';
import type { FleetsOutletContext } from './FleetsPage';

/** The domain's fleetDeleteBlock in the screen's language: drivers named first, then vehicles. */
function blockText(fleet: Fleet, t: TFunction<'fleets'>): string | null {
  const drivers = namesPhrase(fleet.driverIdANdName);
  if (drivers) return t('delete.withDrivers', { drivers });
  return fleet.vehicleIdAndName.length ? t('delete.withVehicles') : null;
}

/** /fleet/:id/delete: a fleet with drivers or vehicles cannot be deleted; the dialog says what to do first (§4, §8). */
export function FleetDeleteDialog() {
  const { t } = useTranslation('fleets');
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
      toast.success(t('toast.deleted'));
      onChanged();
      close();
    } catch {
      // the HTTP client has already shown the server's message
    }
  };

  return (
    <DeleteDialog
      loading={fleet.isPending}
      blocked={fleet.data ? blockText(fleet.data, t) : fleet.isError ? t('loadFailed') : null}
      question={t('delete.question', { name: fleet.data?.name ?? '' })}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
