import { ZONE_LIMITS, type Zone, type zoneWriteSchema } from '@evfleet/domain';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';

/** The zone form's values: a zone as written, before the domain's schema fills in its defaults. */
export type ZoneFormValues = z.input<typeof zoneWriteSchema>;

/** A new zone: a depot with the documented defaults, its shape and owner still to be given. */
const NEW_ZONE: DefaultValues<ZoneFormValues> = {
  name: '',
  kind: 'depot',
  dealerId: null,
  fleetId: null,
  timeZone: 'UTC',
  minDwellSeconds: ZONE_LIMITS.defaultDwellSeconds,
  speedLimitMph: null,
  tariff: null,
  eveningTime: ZONE_LIMITS.defaultEveningTime,
};

/** The form's values for a zone as the server answered it, or for a new one. */
export function formOf(zone: Zone | null): DefaultValues<ZoneFormValues> {
  if (!zone) return NEW_ZONE;
  // Every field the zone was written with goes back as it was: a save changes only what the form changed.
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...written } = zone;
  // A kind without an evening keeps the default ready for a switch to depot.
  return { ...written, eveningTime: zone.eveningTime ?? ZONE_LIMITS.defaultEveningTime };
}

/** A tariff to start from when one is switched on. */
export const newTariff = () => ({ currency: 'USD', perKwh: 0, bands: [] });

/** A band to start from: the evening to the morning, priced like the rest until changed. */
export const newBand = (perKwh: number) => ({ from: '22:00', to: '06:00', perKwh });
