import { recordVehicleRefSchema, type RecordVehicleRef } from '@evfleet/domain';
import type { RecordData, RecordDef } from './record-types';

/** The vehicles a record refers to, with their names (what its pickers show before any search). */
export function referencesOf(def: RecordDef, record: RecordData | null): RecordVehicleRef[] {
  if (!record) return [];
  return Object.entries(def.fields).flatMap(([name, field]) => {
    const value = record[name];
    if (field.kind === 'vehicle') return recordVehicleRefSchema.safeParse(value).data ?? [];
    if (field.kind === 'vehicles') return recordVehicleRefSchema.array().safeParse(value).data ?? [];
    return [];
  });
}

/** The vehicle a record belongs to (its single vehicle reference), if it has one. */
export function vehicleOf(def: RecordDef, record: RecordData | null | undefined): number | null {
  const name = Object.keys(def.fields).find((key) => def.fields[key].kind === 'vehicle');
  return name && record ? (recordVehicleRefSchema.safeParse(record[name]).data?.id ?? null) : null;
}
