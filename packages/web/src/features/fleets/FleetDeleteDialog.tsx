import { namesPhrase, type Fleet } from '@evfleet/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { byId, RoutedDeleteDialog } from '../../components/delete/RoutedDeleteDialog';
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
  const { onChanged } = useOutletContext<FleetsOutletContext>();
  return (
    <RoutedDeleteDialog
      ns="fleets"
      listRoute={ROUTES.fleet}
      useRecord={useFleet}
      useRemove={useDeleteFleet}
      request={byId}
      blocked={(fleet) => blockText(fleet, t)}
      onDeleted={onChanged}
    />
  );
}
