import { z } from 'zod';

/**
 * Per-user screen preferences (GET/PUT api/account/preferences/{key}); a key never stored answers its
 * default. Part 2 §2: the vehicle detail's tile visibility.
 */
export const DETAIL_TILES = [
  { key: 'batteryCharged', label: 'Battery Charged', default: true },
  { key: 'chargeStatus', label: 'Charge Status', default: true },
  { key: 'milesToEmpty', label: 'Miles to empty', default: true },
  { key: 'lastCharged', label: 'Last Charged', default: true },
  { key: 'odometer', label: 'Odometer', default: true },
  { key: 'battery12v', label: '12V Battery', default: true },
  { key: 'packVoltage', label: 'Pack Voltage', default: true },
  { key: 'gpsSpeed', label: 'Speed', default: true },
  { key: 'vehicleCurrent', label: 'Vehicle Current', default: true },
  { key: 'gearSelector', label: 'Gear Selector', default: true },
  /** The 'Last Reported' tile (GPS, DATA, Checked in). */
  { key: 'activityTime', label: 'Last Reported', default: true },
  { key: 'headingMag', label: 'Heading Mag', default: false },
  { key: 'cabinTemperature', label: 'Cabin Temperature', default: false },
] as const;
export type DetailTile = (typeof DETAIL_TILES)[number]['key'];

const tilesShape = Object.fromEntries(DETAIL_TILES.map((t) => [t.key, z.boolean().default(t.default)])) as Record<
  DetailTile,
  z.ZodDefault<z.ZodBoolean>
>;
export const detailTilesSchema = z.object(tilesShape);
export type DetailTiles = z.infer<typeof detailTilesSchema>;

/** A dashboard card's place on the 12-column grid (react-grid-layout's item). */
export const dashboardLayoutSchema = z
  .array(
    z.object({
      i: z.string().max(64),
      x: z.number().int().min(0).max(12),
      y: z.number().int().min(0).max(1000),
      w: z.number().int().min(1).max(12),
      h: z.number().int().min(1).max(100),
    }),
  )
  .max(50, 'Max');

/**
 * One grid's columns as the user left them: the order of the list is the order on screen; a width
 * the user dragged and a column they hid are kept. Columns the grid no longer has are ignored.
 */
export const gridColumnStateSchema = z
  .array(
    z.object({
      colId: z.string().min(1).max(120),
      width: z.number().int().min(20).max(2000).optional(),
      hide: z.boolean().optional(),
    }),
  )
  .max(300, 'Max');
export type GridColumnState = z.infer<typeof gridColumnStateSchema>;

/** Every grid's column state, keyed by the grid's id (its test id, e.g. 'vehicle-grid'). */
export const gridColumnsSchema = z
  .record(z.string().min(1).max(64), gridColumnStateSchema)
  .refine((grids) => Object.keys(grids).length <= 100, 'Max');

/** How times read: a 12-hour clock with AM/PM, or a 24-hour clock. */
export const HOUR_CYCLES = ['24h', '12h'] as const;
export const hourCycleSchema = z.enum(HOUR_CYCLES);
export type HourCycle = z.infer<typeof hourCycleSchema>;

/**
 * How dates read: the specification's patterns (part 2: DD/MM/YY in lists, DD/MM/YYYY elsewhere and
 * in the warning log), or the order of the account's language ('11/28/2026' in English).
 */
export const DATE_STYLES = ['specification', 'language'] as const;
export const dateStyleSchema = z.enum(DATE_STYLES);
export type DateStyle = z.infer<typeof dateStyleSchema>;

export const PREFERENCES = {
  vehicleDetailTiles: { schema: detailTilesSchema, default: detailTilesSchema.parse({}) },
  dashboardLayout: { schema: dashboardLayoutSchema, default: [] as z.infer<typeof dashboardLayoutSchema> },
  gridColumns: { schema: gridColumnsSchema, default: {} as z.infer<typeof gridColumnsSchema> },
  hourCycle: { schema: hourCycleSchema, default: '24h' as HourCycle },
  dateStyle: { schema: dateStyleSchema, default: 'specification' as DateStyle },
} as const;
export type PreferenceKey = keyof typeof PREFERENCES;
export const preferenceKeySchema = z.enum(Object.keys(PREFERENCES) as [PreferenceKey, ...PreferenceKey[]], {
  error: 'Unknown preference.',
});

/** PUT body and GET answer: { value } (the value's shape is the key's schema). */
export const preferenceBodySchema = z.object({ value: z.unknown() });
export const preferenceSchema = z.object({ key: preferenceKeySchema, value: z.unknown() });
