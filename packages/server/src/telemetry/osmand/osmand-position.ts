/**
 * A phone's position in the OsmAnd protocol as Traccar Client sends it (docs/devices.md): query or
 * form parameters, or the JSON body of Traccar Client 9 and later. Turned into a reading of the
 * JSON protocol, which ingest checks like any other.
 */
const MPH_PER_KNOT = 1.150779448;
const MPH_PER_MPS = 2.236936292;

export type Position = { id: string; reading: Record<string, number> } | { error: string; id?: string };

const number = (raw: string | undefined | null): number | undefined | null => {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
};

/** Epoch seconds, epoch milliseconds or ISO 8601 (Traccar Client has sent each). */
function epochMs(raw: string | number | undefined): number | undefined | null {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw === 'number' || /^\d+(\.\d+)?$/.test(raw)) {
    const n = Number(raw);
    if (!Number.isFinite(n)) return null;
    return n < 1e11 ? Math.round(n * 1000) : Math.round(n);
  }
  const ms = raw.length <= 40 ? Date.parse(raw) : NaN;
  return Number.isNaN(ms) ? null : ms;
}

/** Reads the parameters every field is checked by; the first bad one is the answer. */
function build(
  id: string | undefined,
  fields: {
    lat?: number | null;
    lon?: number | null;
    ts?: number | null;
    speedMph?: number | null;
    heading?: number | null;
    altitude?: number | null;
    accuracy?: number | null;
    battery?: number | null;
    charging?: number | null;
  },
): Position {
  if (!id) return { error: 'id is required' };
  const bad = Object.entries(fields).find(([, v]) => v === null);
  if (bad) return { id, error: `${bad[0]} must be a number` };
  const { lat, lon } = fields;
  if ((lat === undefined) !== (lon === undefined)) return { id, error: 'lat and lon come together' };
  if (lat !== undefined && (lat! < -90 || lat! > 90)) return { id, error: 'lat must be between -90 and 90' };
  if (lon !== undefined && (lon! < -180 || lon! > 180)) return { id, error: 'lon must be between -180 and 180' };
  if (fields.battery !== undefined && (fields.battery! < 0 || fields.battery! > 100))
    return { id, error: 'batt must be between 0 and 100' };
  const reading: Record<string, number> = { ts: fields.ts ?? Date.now() };
  if (lat !== undefined) {
    reading.gpsLat = lat!;
    reading.gpsLong = lon!;
  }
  const put = (key: string, value: number | null | undefined) => {
    if (value !== undefined && value !== null) reading[key] = value;
  };
  put('speed', fields.speedMph);
  put('heading', fields.heading);
  put('altitude', fields.altitude);
  put('accuracy', fields.accuracy);
  // A phone's battery is not the pack's: an unknown signal of its own.
  put('deviceBattery', fields.battery);
  put('deviceCharging', fields.charging);
  return { id, reading };
}

/** A value in another unit, keeping absent (undefined) and unreadable (null) as they are. */
const scaled = (value: number | null | undefined, factor: number) => (value == null ? value : value * factor);
/** The app sends -1 for what the phone does not know (speed, heading, battery level). */
const unlessUnknown = (value: number | null | undefined) => (value != null && value < 0 ? undefined : value);

const flag = (raw: string | undefined | null) =>
  raw === undefined || raw === null || raw === '' ? undefined : raw === 'true' || raw === '1' ? 1 : 0;

/** The query or form parameters of an OsmAnd request. */
export function positionOfParams(params: URLSearchParams): Position {
  const location = params.get('location')?.split(',');
  return build(params.get('id') ?? params.get('deviceid') ?? undefined, {
    lat: number(location?.[0] ?? params.get('lat')),
    lon: number(location?.[1] ?? params.get('lon')),
    ts: epochMs(params.get('timestamp') ?? undefined),
    speedMph: scaled(number(params.get('speed')), MPH_PER_KNOT),
    heading: number(params.get('bearing') ?? params.get('heading')),
    altitude: number(params.get('altitude')),
    accuracy: number(params.get('accuracy')),
    battery: number(params.get('batt')),
    charging: flag(params.get('charge')),
  });
}

const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const jsonNumber = (value: unknown): number | undefined | null =>
  value === undefined || value === null
    ? undefined
    : typeof value === 'number' && Number.isFinite(value)
      ? value
      : null;

/** The JSON body of Traccar Client 9 and later: `{device_id, location: {timestamp, coords, battery}}`. */
export function positionOfJson(body: unknown): Position {
  const id = field(body, 'device_id');
  const location = field(body, 'location');
  const coords = field(location, 'coords');
  const battery = field(location, 'battery');
  const timestamp = field(location, 'timestamp');
  const level = jsonNumber(field(battery, 'level'));
  const mps = jsonNumber(field(coords, 'speed'));
  const charging = field(battery, 'is_charging');
  return build(typeof id === 'string' && id ? id : undefined, {
    lat: jsonNumber(field(coords, 'latitude')),
    lon: jsonNumber(field(coords, 'longitude')),
    ts:
      typeof timestamp === 'string' || typeof timestamp === 'number'
        ? epochMs(timestamp)
        : timestamp == null
          ? undefined
          : null,
    speedMph: scaled(unlessUnknown(mps), MPH_PER_MPS),
    heading: unlessUnknown(jsonNumber(field(coords, 'heading'))),
    altitude: jsonNumber(field(coords, 'altitude')),
    accuracy: jsonNumber(field(coords, 'accuracy')),
    battery: scaled(unlessUnknown(level), 100),
    charging: typeof charging === 'boolean' ? (charging ? 1 : 0) : undefined,
  });
}
