/** The byte layout of Teltonika's TCP frames (codec ids and the fixed parts' sizes), read and written alike. */
export const CODEC_8 = 0x08;
export const CODEC_8E = 0x8e;
export const CODEC_12 = 0x0c;
/** Preamble and data length. */
export const HEADER_BYTES = 8;
export const CRC_BYTES = 4;
/** Codec id and the two counts: the least a data field holds. */
export const MIN_DATA_BYTES = 3;
/** Codec 12's data field without its text: codec, quantity, type, size (4), quantity. */
export const COMMAND_OVERHEAD = 8;
/** Timestamp (8), priority (1) and the GPS element (15). */
export const RECORD_FIXED_BYTES = 24;
export const MAX_IMEI_BYTES = 32;
export const TWO_32 = 2 ** 32;
