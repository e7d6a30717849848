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
  /** Unknown signals in one reading; a reading with more is refused. */
  maxExtraSignals: 50,
  /** Characters (UTF-16 code units) of an unknown signal's name; a longer one is dropped. */
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
  /** A value outside its signal's physical range: the value is dropped, the rest of the reading kept. */
  'out_of_range',
  /** An unknown signal's name that cannot be stored (control character, lone surrogate, over 64 characters): the signal is dropped. */
  'bad_signal_name',
  /** The database refused a message's readings (a gap in the checks above): acknowledged, not retried. */
  'storage_refused',
  'too_many_readings',
  'unknown_device',
  'bad_credential',
  'wrong_topic',
  /** A tracker's packet whose CRC does not match: not acknowledged, so the device sends it again. */
  'bad_crc',
  /** A tracker's packet whose counts or structure do not match: not acknowledged, nothing of it stored. */
  'bad_packet',
  /** A tracker connection that does not start a packet with four zero bytes: closed. */
  'bad_preamble',
  /** A tracker connection closed or refused in the middle of a packet. */
  'truncated',
  /** A tracker connection silent for ten minutes: closed. */
  'idle',
  /** A tracker's IO element longer than 8 bytes: not a number, not stored. */
  'io_too_long',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** MQTT topic of a device's readings: evfleet/v1/{vin}/readings. */
export const READINGS_TOPIC_PREFIX = 'evfleet/v1/';
export const readingsTopic = (vin: string) => `${READINGS_TOPIC_PREFIX}${vin}/readings`;
export const vinOfTopic = (topic: string): string | null => {
  const m = /^evfleet\/v1\/([^/]{1,64})\/readings$/.exec(topic);
  return m ? m[1] : null;
};
