import { deviceProfileWriteSchema, type DeviceProfile, type IoMapping } from '@evfleet/domain';
import { z } from 'zod';

/**
 * One row of the mappings table as it is typed: the figures stay text until saved, so a half-typed
 * '-' or a decimal comma is not lost on the way.
 */
export interface MappingRow {
  io: string;
  signal: string;
  scale: string;
  offset: string;
  signed: boolean;
  /** Where the element is documented (the built-in profile's mappings): shown, never edited. */
  source: string | null;
}

export interface MappingsForm {
  name: string;
  mappings: MappingRow[];
}

/** A figure typed with either decimal mark; a blank is no figure (NaN), which the domain's schema refuses. */
export const figure = (text: string): number =>
  text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.'));

const rowSchema = z.object({
  io: z.string(),
  signal: z.string(),
  scale: z.string(),
  offset: z.string(),
  signed: z.boolean(),
  source: z.string().nullable(),
});

/** The table's rows read as figures, then checked by the domain's profile schema (its messages, its duplicate check). */
export const mappingsFormSchema = z
  .object({ name: z.string(), mappings: z.array(rowSchema) })
  .transform(({ name, mappings }): z.input<typeof deviceProfileWriteSchema> => ({
    name,
    protocol: 'teltonika',
    mappings: mappings.map((row) => ({
      io: figure(row.io),
      signal: row.signal,
      scale: figure(row.scale),
      offset: figure(row.offset),
      signed: row.signed,
      source: row.source,
    })),
  }))
  .pipe(deviceProfileWriteSchema);

const rowOf = (mapping: IoMapping): MappingRow => ({
  io: String(mapping.io),
  signal: mapping.signal,
  scale: String(mapping.scale),
  offset: String(mapping.offset),
  signed: mapping.signed,
  source: mapping.source ?? null,
});

/** A new row: the identity scale, for an element id given (mapping what a tracker sent) or typed. */
export const newRow = (io?: number): MappingRow => ({
  io: io === undefined ? '' : String(io),
  signal: '',
  scale: '1',
  offset: '0',
  signed: false,
  source: null,
});

export const formOf = (profile: DeviceProfile): MappingsForm => ({
  name: profile.name,
  mappings: profile.mappings.map(rowOf),
});
