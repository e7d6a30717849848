import { everyMinute, type Reading } from './readings';

export const MIN = 60_000;

/** Where a vehicle stands. */
export interface Place {
  lat: number;
  lng: number;
}

const at = (place: Place) => ({
  gpsLat: place.lat,
  gpsLong: place.lng,
  speed: 0,
  odometer: 500,
  packVoltage: 80,
});

/** A reading of a vehicle standing at `place`, not plugged in, with this charge. */
export const resting = (place: Place, charge: number) => () => ({
  ...at(place),
  chargeStatus: 0,
  vehicleCurrent: 1,
  batteryCharge: charge,
});

/**
 * A stay at a depot with a charge, from `start` (a whole minute) for 65 minutes: away for 5 minutes;
 * at the depot, 40 minutes charging at 4 kW (80 V × 50 A, 30 % to 57 %) and 10 at rest; away again
 * for 10 minutes, which ends the visit.
 */
export const chargingStay = (start: number, depot: Place, away: Place): Reading[] => [
  ...everyMinute(start, 5, resting(away, 30)),
  ...everyMinute(start + 5 * MIN, 40, (i) => ({
    ...at(depot),
    chargeStatus: 1,
    vehicleCurrent: -50,
    batteryCharge: 30 + Math.round((i * 27) / 39),
  })),
  ...everyMinute(start + 45 * MIN, 10, resting(depot, 57)),
  ...everyMinute(start + 55 * MIN, 10, resting(away, 57)),
];
