import { ZoneLayer } from '../../components/map/MapView';
import { useVisibleZones } from './api/zones-api';

/** Every zone the user may see, outlined on the map it is placed in; none for an account the server refuses. */
export function ZoneOutlines() {
  const zones = useVisibleZones().data;
  return zones?.length ? <ZoneLayer zones={zones} /> : null;
}
