import { z } from 'zod';
import { CELL_COUNTS } from './signals.js';
import { fromDigits, id, idAndName, optionalId, requiredId, requiredText } from './people-fields.js';
import { vehicleIdentitySchema, vehicleRefSchema } from './people.js';
import { queryFlag } from './paging.js';
import {
  alertAttributeSchema,
  classify,
  DEFAULT_THRESHOLDS,
  type AlertAttribute,
  type Severity,
} from './thresholds.js';
import { alertAttributesSchema } from './threshold-checks.js';
import { ratedCapacityKwhSchema } from './battery-settings.js';

/** Part 2 §9: the vehicle list's page sizes (default 100). */
export const VEHICLE_PAGE_SIZES = [100, 500, 1000] as const;
export const DEFAULT_VEHICLE_PAGE_SIZE = 100;
/** Page sizes the server accepts for GET api/vehicles: the list's, and 10 (the reload after a save, §7). */
export const VEHICLE_API_PAGE_SIZES = [10, ...VEHICLE_PAGE_SIZES] as const;
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** Part 2 §8 toasts and §2 texts of the vehicle screens. */
export const VEHICLE_TEXTS = {
  listTitle: 'Vehicle List',
  created: 'Vehicle Created Successfully',
  updated: 'Vehicle Updated Successfully',
  deleted: 'Vehicle Deleted Successfully',
  statusUpdated: 'Vehicle Status Updated Successfully',
  statusConfirm: 'Are you sure you want to change the status?',
  assigned: 'Vehicle Assigned Successfully',
  unassigned: 'Vehicle Unassigned Successfully',
  noMarkers: 'NA',
} as const;

export const VEHICLE_MESSAGES = {
  name: 'Vehicle name can not be empty!',
  // Two spaces, as the spec writes it (§5).
  vin: 'Vin  can not be empty!',
  dealer: 'Dealer Name can not be empty!',
  template: 'Template Name can not be empty!',
  cells: 'Cells can not be empty!',
  timeZone: 'Unknown time zone',
  email: 'Invalid Email',
  sms: 'SMS number must contain digits only',
} as const;

/** An IANA zone name the runtime knows ('America/Chicago', 'UTC'). */
export const isIanaTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The zones the form offers. */
export const timeZoneOptions = (): string[] => Intl.supportedValuesOf('timeZone');

const blankToUndefined = (v: unknown) =>
  typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v;
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, 'Max').optional());

export const cellCountSchema = z
  .preprocess(fromDigits, z.number({ error: VEHICLE_MESSAGES.cells }))
  .refine(
    (n): n is (typeof CELL_COUNTS)[number] => (CELL_COUNTS as readonly number[]).includes(n),
    VEHICLE_MESSAGES.cells,
  );

/**
 * The vehicle form (§2, §5) and the body of POST/PUT api/vehicles. The template is required in
 * fact (the spec's save failed without one). Email and SMS number, free text in the spec, are
 * checked so alerts are not sent to nowhere. Without attributes a new vehicle takes its template's
 * thresholds (or the defaults of §5); given ones are checked band by band (threshold-checks.ts).
 */
export const vehicleWriteSchema = z.object({
  id: optionalId,
  name: requiredText(VEHICLE_MESSAGES.name),
  vin: requiredText(VEHICLE_MESSAGES.vin, 64),
  dealerId: requiredId(VEHICLE_MESSAGES.dealer),
  templateId: requiredId(VEHICLE_MESSAGES.template),
  iotVersion: optionalText(64),
  pcmVersion: optionalText(64),
  notificationEmailAddress: z.preprocess(
    blankToUndefined,
    z.string().trim().max(254, 'Max').pipe(z.email(VEHICLE_MESSAGES.email)).optional(),
  ),
  notificationSmsNumber: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\+?[\d\s()-]{4,31}$/, VEHICLE_MESSAGES.sms)
      .optional(),
  ),
  cells: cellCountSchema,
  timeZone: z.preprocess(
    (v) => blankToUndefined(v) ?? DEFAULT_TIME_ZONE,
    z.string().trim().max(64, 'Max').refine(isIanaTimeZone, VEHICLE_MESSAGES.timeZone),
  ),
  status: z.boolean().default(true),
  smsNotification: z.boolean().default(false),
  emailNotification: z.boolean().default(false),
  attributes: alertAttributesSchema.optional(),
  /** Null or absent: its template's (docs/analytics.md "State of health"). */
  ratedCapacityKwh: ratedCapacityKwhSchema,
});
export type VehicleWrite = z.infer<typeof vehicleWriteSchema>;
export type VehicleForm = z.input<typeof vehicleWriteSchema>;

/** R, Y or G (§9): red, yellow, green icons; null shows a dash. */
export const signalLetterSchema = z.enum(['R', 'Y', 'G']);
export type SignalLetter = z.infer<typeof signalLetterSchema>;
const LETTER: Record<Severity, SignalLetter> = { NORMAL: 'G', WARNING: 'Y', SEVERE: 'R' };

const DEFAULT_GPS_RULE = DEFAULT_THRESHOLDS.find((a) => a.name === 'gpsSignal')!;

/** GPS signal letter by the vehicle's own gpsSignal thresholds (the alert rule): Normal G, Warning Y, Severe R. */
export const gpsLetter = (
  value: number | null | undefined,
  rule: AlertAttribute | null | undefined,
): SignalLetter | null => (typeof value === 'number' ? LETTER[classify(value, rule ?? DEFAULT_GPS_RULE)] : null);

/** LTE signal letter by bars (0-5): 3 or more green, 2 yellow, fewer red. */
export const lteLetter = (value: number | null | undefined): SignalLetter | null =>
  typeof value === 'number' ? (value >= 3 ? 'G' : value >= 2 ? 'Y' : 'R') : null;

const isoOrNull = z.string().nullable();

/** A row of GET api/vehicles and api/vehicles/search (§2 "Vehicle list" columns). */
export const vehicleRowSchema = vehicleRefSchema.extend({
  dealerId: z.number().int().nullable(),
  dealerName: z.string().nullable(),
  fleetId: z.number().int().nullable(),
  templateId: z.number().int().nullable(),
  templateName: z.string().nullable(),
  /** 'GPS Last Reported'. */
  gpsLastReported: isoOrNull,
  /** 'Last Connected': the last reading of any kind. */
  lastReported: isoOrNull,
  gpsSignal: signalLetterSchema.nullable(),
  lteSignal: signalLetterSchema.nullable(),
  /** The server's clock, so times show relative to it (§2). */
  currentGmtTime: z.string(),
});
export type VehicleRow = z.infer<typeof vehicleRowSchema>;

export const dealerWithFleetsSchema = idAndName.extend({ fleetResponseDTOs: z.array(idAndName) });

/** GET/POST/PUT api/vehicles(/{id}): the whole vehicle (§3), with its state's times and signals. */
export const vehicleSchema = vehicleRowSchema.extend({
  iotVersion: z.string().nullable(),
  pcmVersion: z.string().nullable(),
  notificationEmailAddress: z.string().nullable(),
  notificationSmsNumber: z.string().nullable(),
  cells: z.number().int(),
  timeZone: z.string(),
  smsNotification: z.boolean(),
  emailNotification: z.boolean(),
  /** Its own thresholds: never empty (a vehicle without any shows the defaults it is judged by). */
  attributes: z.array(alertAttributeSchema),
  /** Its own rated capacity (kWh); null: its template's (effectiveRatedCapacityKwh). */
  ratedCapacityKwh: z.number().nullable(),
  canLastReported: isoOrNull,
  driverId: z.number().int().nullable(),
  fleetResponseDTO: idAndName.nullable(),
  dealerResponseDTO: dealerWithFleetsSchema.nullable(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** PATCH api/vehicle/status?id&status. */
export const vehicleStatusQuerySchema = z.object({
  id,
  status: queryFlag,
});

/** GET api/vehicle/vehicleDealersUnassignedFleets: per vehicle, the fleets of its dealer it may join. */
export const vehicleDealerFleetsSchema = vehicleIdentitySchema.extend({
  /** null for a vehicle of no dealer: an administrator may give it to any fleet (GET api/fleets/search). */
  dealerResponseDTO: dealerWithFleetsSchema.nullable(),
});
export type VehicleDealerFleets = z.infer<typeof vehicleDealerFleetsSchema>;

/** A row of the unassigned-vehicles screen (/vehicle-can): VIN, Vehicle Name, Dealer Name, Status. */
export const unassignedVehicleSchema = vehicleRefSchema.extend({
  dealerId: z.number().int().nullable(),
  dealerName: z.string().nullable(),
});
export type UnassignedVehicle = z.infer<typeof unassignedVehicleSchema>;
