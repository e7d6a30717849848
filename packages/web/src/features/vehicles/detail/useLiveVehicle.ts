import { useEffect, useRef } from 'react';
import { useLiveMapItem } from '../live/live-map-items';
import { useRefreshLive, useRefreshWarningLogs } from './api/vehicle-detail-api';

/**
 * Values update live (part 2 §2): when the live feed says this vehicle reported again, its readings
 * and its warning log are fetched anew, so the page need not wait for the 40 s poll. Returns the
 * live map item (its position moves the marker).
 */
export function useLiveVehicle(vehicleId: number) {
  const item = useLiveMapItem(vehicleId);
  const refreshLive = useRefreshLive(vehicleId);
  const refreshLogs = useRefreshWarningLogs(vehicleId);
  const reported = item?.srv_date_time ?? null;
  const seen = useRef(reported);

  useEffect(() => {
    // The first item only says what the page already loaded; a later, different time is news.
    if (seen.current === null || reported === null || reported === seen.current) {
      seen.current ??= reported;
      return;
    }
    seen.current = reported;
    void refreshLive();
    void refreshLogs();
  }, [reported, refreshLive, refreshLogs]);

  return item;
}
