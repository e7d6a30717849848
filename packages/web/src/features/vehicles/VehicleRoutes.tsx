import type { ReactNode } from 'react';
import { EntityRoutes } from '../../routing/EntityRoutes';
import { lazyNamed } from '../../routing/lazy-named';
import { ROUTES } from '../../routing/routes';
import { RequireCan } from '../../session/RequireCan';
import { VehicleDeleteDialog } from './list/VehicleDeleteDialog';
import { preloadVehicleMap } from './list/VehicleMapCard';
import { VehiclesPage } from './list/VehiclesPage';

// The detail page (its map, tiles and warning log) and the form (thresholds, upload) load when
// first opened, so that the list, the page most visits start on, loads only what it shows.
const VehicleDetailPage = lazyNamed(() => import('./detail/VehicleDetailPage'), 'VehicleDetailPage');
const VehicleFormPage = lazyNamed(() => import('./form/VehicleFormPage'), 'VehicleFormPage');

const writersOnly = (page: ReactNode) => <RequireCan what="vehicles">{page}</RequireCan>;

/**
 * Started while the session is checked when a page opens straight on the vehicle list: its map of
 * every vehicle is the slowest thing on it, so its call and code should not wait for the rest.
 */
export function preload(pathname: string): void {
  if (pathname.replace(/\/$/, '') !== ROUTES.vehicle) return;
  preloadVehicleMap();
}

/** /vehicle/* (part 2 §2 "Vehicle routes"), loaded on demand. The form is a page of its own. */
export default function VehicleRoutes() {
  return (
    <EntityRoutes
      list={<VehiclesPage />}
      dialogs={{ ':id/delete': <VehicleDeleteDialog /> }}
      pages={{ new: <VehicleFormPage />, ':id/edit': <VehicleFormPage /> }}
      detail={<VehicleDetailPage />}
      writersOnly={writersOnly}
    />
  );
}
