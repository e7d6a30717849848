import { z } from 'zod';
import { storedGeometrySchema, zoneGeometrySchema } from './zone-geometry.js';

/**
 * Depots and zones (docs/zones.md): named places on the map that belong to one dealer or one fleet.
 * The server validates with these schemas and the web's forms resolve with them.
 */
export const ZONE_KINDS = ['depot', 'zone', 'no-go'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

export const ZONE_LIMITS = {
  nameMax: 100,
  maxDwellSeconds: 86_400,
  defaultDwellSeconds: 60,
  /** A speed limit above this is no limit a vehicle can keep or break. */
  maxSpeedLimitMph: 200,
  maxTariffBands: 24,
  /** When a depot's evening begins unless it says otherwise. */
  defaultEveningTime: '18:00',
} as const;

export const ZONE_MESSAGES = {
  name: 'can not be empty',
  kind: `must be one of ${ZONE_KINDS.join(', ')}`,
  timeZone: 'must be an IANA time zone, such as Europe/Berlin or UTC',
  time: 'must be a time of day as HH:mm (00:00 to 23:59)',
  owner: 'A zone belongs to a dealer or a fleet: give one of dealerId and fleetId.',
  twoOwners: 'A zone belongs to one dealer or one fleet, not both.',
  dwell: `must be a whole number of seconds from 0 to ${ZONE_LIMITS.maxDwellSeconds}`,
  speedLimit: `must be above 0 and at most ${ZONE_LIMITS.maxSpeedLimitMph} mph`,
  currency: 'must be a three-letter ISO 4217 currency code, such as USD',
  price: 'must be a price of 0 or more',
  sameEnds: 'must differ from the band’s start',
  overlap: (other: number) => `overlaps band ${other + 1}`,
  bands: `must hold at most ${ZONE_LIMITS.maxTariffBands} bands`,
  departureCharge: 'must be a charge from 0 to 100 %',
} as const;

const M = ZONE_MESSAGES;

/** Whether the runtime knows the zone name (Node and browsers both answer from their ICU data). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** ISO 4217 codes the runtime knows, or any three capitals where it cannot list them. */
const CURRENCIES: ReadonlySet<string> | null =
  typeof Intl.supportedValuesOf === 'function' ? new Set(Intl.supportedValuesOf('currency')) : null;
const isCurrency = (code: string) => /^[A-Z]{3}$/.test(code) && (CURRENCIES?.has(code) ?? true);

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDay = z.string({ error: M.time }).regex(HH_MM, M.time);
/** Minutes since midnight of a valid "HH:mm". */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const price = z.number({ error: M.price }).finite(M.price).min(0, M.price);

const bandSchema = z
  .object({ from: timeOfDay, to: timeOfDay, perKwh: price })
  .refine((b) => b.from !== b.to, { path: ['to'], message: M.sameEnds });
export type TariffBand = z.infer<typeof bandSchema>;

/** A band's minutes as half-open spans within one day: one ending at or before its start runs past midnight. */
const spansOf = (b: TariffBand): [number, number][] => {
  const [from, to] = [minutesOf(b.from), minutesOf(b.to)];
  return from < to
    ? [[from, to]]
    : [
        [from, 1440],
        [0, to],
      ];
};

/** The index of an earlier band `bands[i]` shares a minute with, or -1. */
export function overlappingBand(bands: TariffBand[], i: number): number {
  const mine = spansOf(bands[i]);
  return bands
    .slice(0, i)
    .findIndex((other) => spansOf(other).some(([s, e]) => mine.some(([ms, me]) => ms < e && s < me)));
}

export const tariffSchema = z
  .object({
    currency: z.string({ error: M.currency }).refine(isCurrency, M.currency),
    /** The price outside every band. */
    perKwh: price,
    /** Prices for times of day in the zone's time zone; no two share a minute. */
    bands: z.array(bandSchema).max(ZONE_LIMITS.maxTariffBands, M.bands).default([]),
  })
  .superRefine((t, ctx) => {
    t.bands.forEach((band, i) => {
      // Overlap is only judged between bands whose times are valid: the others have their own issues.
      if (!HH_MM.test(band.from) || !HH_MM.test(band.to) || band.from === band.to) return;
      const valid = t.bands.slice(0, i).every((b) => HH_MM.test(b.from) && HH_MM.test(b.to));
      const other = valid ? overlappingBand(t.bands, i) : -1;
      if (other >= 0) ctx.addIssue({ code: 'custom', path: ['bands', i], message: M.overlap(other) });
    });
  });
export type Tariff = z.infer<typeof tariffSchema>;

/** A tariff as stored: checked when it was written, so an answer is not checked again. */
const storedTariffSchema = z.object({
  currency: z.string(),
  perKwh: z.number(),
  bands: z.array(z.object({ from: z.string(), to: z.string(), perKwh: z.number() })),
});

const ownerId = z.number().int().positive().nullish();

/** POST api/zones and PUT api/zones/{id}. */
export const zoneWriteSchema = z
  .object({
    name: z.string({ error: M.name }).trim().min(1, M.name).max(ZONE_LIMITS.nameMax),
    kind: z.enum(ZONE_KINDS, { error: M.kind }),
    geometry: zoneGeometrySchema,
    dealerId: ownerId,
    fleetId: ownerId,
    timeZone: z.string({ error: M.timeZone }).max(64, M.timeZone).refine(isTimeZone, M.timeZone).default('UTC'),
    minDwellSeconds: z
      .number({ error: M.dwell })
      .int(M.dwell)
      .min(0, M.dwell)
      .max(ZONE_LIMITS.maxDwellSeconds, M.dwell)
      .default(ZONE_LIMITS.defaultDwellSeconds),
    speedLimitMph: z
      .number({ error: M.speedLimit })
      .finite(M.speedLimit)
      .gt(0, M.speedLimit)
      .max(ZONE_LIMITS.maxSpeedLimitMph, M.speedLimit)
      .nullish()
      .transform((v) => v ?? null),
    tariff: tariffSchema.nullish().transform((v) => v ?? null),
    eveningTime: timeOfDay.nullish(),
    /** A depot's: leaving with less charge than this raises the departure alert. */
    departureChargePercent: z
      .number({ error: M.departureCharge })
      .finite(M.departureCharge)
      .min(0, M.departureCharge)
      .max(100, M.departureCharge)
      .nullish(),
  })
  .superRefine((zone, ctx) => {
    const owners = [zone.dealerId, zone.fleetId].filter((id) => id != null).length;
    if (owners === 1) return;
    const message = owners ? M.twoOwners : M.owner;
    for (const field of ['dealerId', 'fleetId']) ctx.addIssue({ code: 'custom', path: [field], message });
  })
  // A depot's evening starts at 18:00 unless it says otherwise; other zones have no evening and no departures.
  .transform(({ dealerId, fleetId, eveningTime, departureChargePercent, ...zone }) => ({
    ...zone,
    dealerId: dealerId ?? null,
    fleetId: fleetId ?? null,
    eveningTime: zone.kind === 'depot' ? (eveningTime ?? ZONE_LIMITS.defaultEveningTime) : null,
    departureChargePercent: zone.kind === 'depot' ? (departureChargePercent ?? null) : null,
  }));
export type ZoneWrite = z.infer<typeof zoneWriteSchema>;

export const zoneSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(ZONE_KINDS),
  geometry: storedGeometrySchema,
  dealerId: z.number().nullable(),
  fleetId: z.number().nullable(),
  /** The owning dealer's or fleet's name. */
  ownerName: z.string().nullable(),
  timeZone: z.string(),
  minDwellSeconds: z.number(),
  speedLimitMph: z.number().nullable(),
  tariff: storedTariffSchema.nullable(),
  eveningTime: z.string().nullable(),
  departureChargePercent: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Zone = z.infer<typeof zoneSchema>;

/** GET api/vehicles/{id}/zone-visits and GET api/zones/{id}/visits: one visit of a vehicle to a zone. */
export const zoneVisitSchema = z.object({
  zoneId: z.number(),
  zoneName: z.string(),
  kind: z.enum(ZONE_KINDS),
  vehicleId: z.number(),
  vehicleName: z.string(),
  /** The first reading inside of the stay that counts. */
  enteredAt: z.string(),
  /** The first reading outside of the absence that counts; null while the vehicle is inside. */
  exitedAt: z.string().nullable(),
  /**
   * Energy of the charging sessions that began during the visit in this zone, and what they cost;
   * null where the role toggles withhold the vehicle's CAN details from the caller.
   */
  chargedKwh: z.number().nullable(),
  chargeCost: z.number().nullable(),
  currency: z.string().nullable(),
  distanceMiles: z.number(),
});
export type ZoneVisitRow = z.infer<typeof zoneVisitSchema>;
