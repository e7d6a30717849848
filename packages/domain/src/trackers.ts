import { z } from 'zod';
import { MAX_CELLS, SIGNAL_KEYS, EXTRA_SIGNALS } from './signals.js';

/**
 * Trackers a fleet already owns (docs/devices.md): a Teltonika box speaking its own TCP protocol,
 * identified by its IMEI, or a driver's phone running Traccar Client (the OsmAnd protocol),
 * identified by the id set in the app. A vehicle has at most one, beside its device token.
 */
export const TRACKER_PROTOCOLS = ['teltonika', 'osmand'] as const;
export type TrackerProtocol = (typeof TRACKER_PROTOCOLS)[number];

export const TRACKER_MESSAGES = {
  imei: 'must be 15 digits with a valid check digit (Luhn)',
  osmandId: 'must be 16 to 64 letters, digits, dots, dashes or underscores: it is the phone’s only credential',
  profile: 'The device profile does not exist.',
  profileProtocol: 'The device profile is not for this protocol.',
  identifierTaken: 'Another vehicle already has this tracker.',
  profileInUse: 'The device profile is used by vehicles and cannot be deleted.',
  duplicateIo: 'is mapped twice',
  noCommands: 'Commands go to a Teltonika tracker: this vehicle has none.',
} as const;

/** Fourteen digits and their Luhn check digit: the IMEI they begin (the simulator's, the tests'). */
export function imeiOf(body: string): string {
  let sum = 0;
  // The check digit is appended: from the right of the fourteen, every first one is doubled.
  for (let i = 0; i < 14; i++) {
    let d = body.charCodeAt(13 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** An IMEI: 14 digits and the Luhn check digit of them. */
export const isImei = (value: string): boolean => /^\d{15}$/.test(value) && imeiOf(value.slice(0, 14)) === value;

/** The shortest OsmAnd id evfleet accepts: it is the only credential the app sends, so it must not be guessable. */
export const OSMAND_ID_MIN = 16;
const osmandId = z
  .string()
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9._-]{${OSMAND_ID_MIN},64}$`), TRACKER_MESSAGES.osmandId);

export const trackerWriteSchema = z.discriminatedUnion('protocol', [
  z.object({
    protocol: z.literal('teltonika'),
    identifier: z.string().trim().refine(isImei, TRACKER_MESSAGES.imei),
    /** The profile its IO elements are read by; absent: the built-in profile. */
    profileId: z.number().int().positive().nullish(),
  }),
  z.object({ protocol: z.literal('osmand'), identifier: osmandId }),
  z.object({ protocol: z.literal('none') }),
]);
export type TrackerWrite = z.infer<typeof trackerWriteSchema>;

export const trackerSchema = z.object({
  protocol: z.enum([...TRACKER_PROTOCOLS, 'none']),
  identifier: z.string().nullable(),
  profileId: z.number().nullable(),
  /** Its profile's name: those who see the vehicle but not the profiles read which it is. */
  profileName: z.string().nullable(),
  /** When the tracker last connected (Teltonika) or reported (OsmAnd), and from where. */
  lastConnectedAt: z.string().nullable(),
  lastAddress: z.string().nullable(),
});
export type Tracker = z.infer<typeof trackerSchema>;

/** What a mapping may name: a stored signal, `cell1` … `cell32`, or any other name (an unknown signal). */
const SIGNAL_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const KNOWN_SIGNALS = new Set<string>([...SIGNAL_KEYS, ...EXTRA_SIGNALS.map((s) => s.key)]);
/** The cell a mapping's signal names (0-based), or null when it names none. */
export function cellOfSignal(signal: string): number | null {
  const m = /^cell([1-9]\d?)$/.exec(signal);
  if (!m) return null;
  const n = Number(m[1]);
  return n <= MAX_CELLS ? n - 1 : null;
}
export const isKnownSignal = (signal: string) => KNOWN_SIGNALS.has(signal);

export const ioMappingSchema = z.object({
  /** The IO element's id (Codec 8E ids are two bytes). */
  io: z.number().int().min(0).max(65_535),
  signal: z.string().trim().regex(SIGNAL_NAME, 'must start with a letter and hold at most 64 letters, digits, . _ -'),
  scale: z.number().finite().default(1),
  offset: z.number().finite().default(0),
  /** Read the raw value as two's complement. */
  signed: z.boolean().default(false),
  /** Where the element is documented: shown beside the built-in profile's mappings. */
  source: z.string().max(200).nullish(),
});
export type IoMapping = z.infer<typeof ioMappingSchema>;

export const MAX_IO_MAPPINGS = 500;
export const deviceProfileWriteSchema = z
  .object({
    name: z.string().trim().min(1, 'can not be empty').max(100),
    protocol: z.literal('teltonika'),
    mappings: z.array(ioMappingSchema).max(MAX_IO_MAPPINGS),
  })
  .superRefine((profile, ctx) => {
    const seen = new Set<number>();
    profile.mappings.forEach((m, i) => {
      if (seen.has(m.io))
        ctx.addIssue({ code: 'custom', path: ['mappings', i, 'io'], message: TRACKER_MESSAGES.duplicateIo });
      seen.add(m.io);
    });
  });
export type DeviceProfileWrite = z.infer<typeof deviceProfileWriteSchema>;

export const deviceProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  protocol: z.literal('teltonika'),
  builtIn: z.boolean(),
  mappings: z.array(ioMappingSchema),
  /** Vehicles whose tracker reads by it. */
  vehicles: z.number(),
});
export type DeviceProfile = z.infer<typeof deviceProfileSchema>;

/** A Codec 12 command as Teltonika's SMS/GPRS command list writes them (`getinfo`, `setdigout 1`): printable ASCII. */
export const commandWriteSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'can not be empty')
    .max(512)
    .regex(/^[\x20-\x7e]+$/, 'must be printable ASCII, as the tracker reads it'),
});
export type CommandWrite = z.infer<typeof commandWriteSchema>;

export const COMMAND_STATUSES = ['queued', 'sent', 'answered', 'failed'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

export const commandSchema = z.object({
  id: z.number(),
  text: z.string(),
  status: z.enum(COMMAND_STATUSES),
  createdBy: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  response: z.string().nullable(),
});
export type TrackerCommand = z.infer<typeof commandSchema>;
