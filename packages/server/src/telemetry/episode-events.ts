import type { Episode } from '@evfleet/domain';
import { isoTime } from '../db/json-records.js';
import type { FleetEvent } from '../events/fleet-events.js';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** What a trip or charging session tells of itself in its event: its span, energy and charge. */
const episodeData = (e: Episode) => ({
  start: isoTime(e.start),
  end: isoTime(e.end),
  energyKwh: round(e.energyKwh, 3),
  startCharge: e.startCharge,
  endCharge: e.endCharge,
});

/** A trip that ended, as the webhooks tell it; its distance by odometer when it has one, else by GPS. */
export const tripEnded = (vehicleId: number, trip: Episode): FleetEvent => ({
  type: 'trip.ended',
  vehicleId,
  at: trip.end,
  key: `${vehicleId}:${trip.start}`,
  data: {
    ...episodeData(trip),
    distanceMiles: round(
      trip.startOdometer !== null && trip.endOdometer !== null ? trip.endOdometer - trip.startOdometer : trip.gpsMiles,
      2,
    ),
  },
});

/** A charging session that ended and was priced, as the webhooks tell it. */
export const chargingEnded = (
  vehicleId: number,
  session: Episode,
  priced: { zoneId: number | null; cost: number | null; currency: string | null },
): FleetEvent => ({
  type: 'charging.ended',
  vehicleId,
  at: session.end,
  key: `${vehicleId}:${session.start}:${session.end}`,
  data: { ...episodeData(session), zoneId: priced.zoneId, cost: priced.cost, currency: priced.currency },
});
