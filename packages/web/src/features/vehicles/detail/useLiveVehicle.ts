import { useEffect, useRef } from 'react';
import { useLiveMapItem } from '../live/live-map-items';
import { useLiveReadings, useRefreshLive, useRefreshWarningLogs } from './api/vehicle-detail-api';

/**
 * The live feed speaks from the server's memory as soon as a reading is in; the detail calls read
 * the stored state, written within a second after (server/src/telemetry/telemetry.ts). So the
 * readings are asked for again a moment later, a few times if the answer is still older than the
 * feed; alerts are evaluated just after the announcement, so the warning log waits a little longer.
 */
const STORE_LAG_MS = 1000;
const MAX_TRIES = 5;
const ALERTS_SETTLE_MS = 2000;

/**
 * Values update live (part 2 §2): when the live feed knows of a report newer than the readings the
 * page shows, the readings and the warning log are fetched anew, so the page need not wait for the
 * 40 s poll. Comparing with what was loaded (not with the feed's first message) also catches a
 * report that came between the page's calls and the socket's subscription. Returns the live map
 * item (its position moves the marker). `readings`: whether the caller may see the CAN readings.
 */
export function useLiveVehicle(vehicleId: number, vin: string, readings: boolean) {
  const item = useLiveMapItem(vehicleId);
  const can = useLiveReadings(vehicleId, vin, readings).can;
  const shown = can.data?.last_reported ?? null;
  const refreshLive = useRefreshLive(vehicleId);
  const refreshLogs = useRefreshWarningLogs(vehicleId);
  const reported = item?.srv_date_time ?? null;
  // ISO texts of the same clock: their order is the order of the times.
  const isNews = reported !== null && (shown === null || reported > shown);
  const tries = useRef({ reported, count: 0 });

  // Readings: again after each answer still older than the feed, up to MAX_TRIES per report.
  useEffect(() => {
    if (!isNews) return;
    if (tries.current.reported !== reported) tries.current = { reported, count: 0 };
    if (tries.current.count >= MAX_TRIES) return;
    tries.current.count += 1;
    const timer = setTimeout(() => void refreshLive(), STORE_LAG_MS);
    return () => clearTimeout(timer);
    // Runs per report time and per answer; the refresh functions are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isNews, reported, can.dataUpdatedAt]);

  // The warning log: after the alerts of a new report; reports closer together share one read.
  const logsTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (reported === null || logsTimer.current !== undefined) return;
    logsTimer.current = setTimeout(() => {
      logsTimer.current = undefined;
      void refreshLogs();
    }, ALERTS_SETTLE_MS);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reported]);
  useEffect(
    () => () => {
      clearTimeout(logsTimer.current);
      logsTimer.current = undefined;
    },
    [],
  );

  return item;
}
