/** Limits of the device protocol (docs/telemetry-protocol.md); the server refuses anything beyond. */
export const TELEMETRY_LIMITS = {
  /** Largest MQTT message or HTTP body accepted. */
  maxMessageBytes: 512 * 1024,
  /** Readings in one message. */
  maxBatch: 1000,
  /** A reading may not be dated further ahead than this (device clocks drift a little). */
  maxFutureMs: 5 * 60_000,
  /** Nor older than this. */
  maxAgeMs: 400 * 24 * 3600_000,
  maxExtraSignals: 50,
  maxExtraKeyLength: 64,
} as const;

export const REJECTION_REASONS = [
  'not_json',
  'too_large',
  'not_a_reading',
  'bad_timestamp',
  'future_timestamp',
  'too_old',
  'bad_value',
  'bad_cells',
  'too_many_readings',
  'unknown_device',
  'bad_credential',
  'wrong_topic',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** MQTT topic of a device's readings: evfleet/v1/{vin}/readings. */
export const READINGS_TOPIC_PREFIX = 'evfleet/v1/';
export const readingsTopic = (vin: string) => `${READINGS_TOPIC_PREFIX}${vin}/readings`;
export const vinOfTopic = (topic: string): string | null => {
  const m = /^evfleet\/v1\/([^/]{1,64})\/readings$/.exec(topic);
  return m ? m[1] : null;
};
