import { useEffect, useRef } from 'react';
import { useLiveMapItem } from '../live/live-map-items';
import { useLiveReadings, useRefreshLive, useRefreshWarningLogs } from './api/vehicle-detail-api';

/**
 * The server announces a vehicle's new state first and evaluates its alerts just after
 * (server/src/telemetry/telemetry.ts): the warning log is read again once they have had time.
 */
const ALERTS_SETTLE_MS = 2000;

/**
 * Values update live (part 2 §2): when the live feed knows of a report newer than the readings the
 * page shows, the readings and the warning log are fetched anew, so the page need not wait for the
 * 40 s poll. Comparing with what was loaded (not with the feed's first message) also catches a
 * report that came between the page's calls and the socket's subscription. Returns the live map
 * item (its position moves the marker).
 */
export function useLiveVehicle(vehicleId: number, vin: string) {
  const item = useLiveMapItem(vehicleId);
  const shown = useLiveReadings(vehicleId, vin).can.data?.last_reported ?? null;
  const refreshLive = useRefreshLive(vehicleId);
  const refreshLogs = useRefreshWarningLogs(vehicleId);
  const reported = item?.srv_date_time ?? null;
  // ISO texts of the same clock: their order is the order of the times.
  const isNews = reported !== null && (shown === null || reported > shown);
  // The log's turn outlives the readings' refetch (which ends the news); it goes only with the page.
  const logsTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(logsTimer.current), []);

  useEffect(() => {
    if (!isNews) return;
    void refreshLive();
    clearTimeout(logsTimer.current);
    logsTimer.current = setTimeout(() => void refreshLogs(), ALERTS_SETTLE_MS);
    // Once per new report time; the refresh functions are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isNews, reported]);

  return item;
}
