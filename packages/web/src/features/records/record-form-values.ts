import type { RecordField, RecordVehicleRef } from '@evfleet/domain';
import dayjs from 'dayjs';
import { editableFields, type RecordData, type RecordDef } from './record-types';

/** What an input holds: text for text, numbers, times, enumerations and references; a flag; a list of ids. */
export type FormValue = string | boolean | string[];
export type RecordFormValues = Record<string, FormValue>;

/** A moment as the form holds it (§9 "local date-time YYYY-MM-DDTHH:mm"), seconds kept when there are any. */
export const toLocalDateTime = (moment: string | Date) => {
  const at = dayjs(moment);
  return at.second() === 0 && at.millisecond() === 0 ? at.format('YYYY-MM-DDTHH:mm') : at.format('YYYY-MM-DDTHH:mm:ss');
};

/** A new record's value: the write schema's own default (WARNING for a warning type), else empty. */
function blankValue(field: RecordField): FormValue {
  if (field.kind === 'boolean') return false;
  if (field.kind === 'vehicles') return [];
  const parsed = field.write.safeParse(undefined);
  return parsed.success && typeof parsed.data === 'string' ? parsed.data : '';
}

function toFormValue(field: RecordField, value: unknown): FormValue {
  if (value === null || value === undefined) return blankValue(field);
  switch (field.kind) {
    case 'boolean':
      return value === true;
    case 'vehicle':
      return String((value as RecordVehicleRef).id);
    case 'vehicles':
      return (value as RecordVehicleRef[]).map((vehicle) => String(vehicle.id));
    case 'textList':
      return (value as string[]).join('\n');
    case 'dateTime':
      return toLocalDateTime(String(value));
    default:
      return String(value);
  }
}

/** The form's starting values: the record's (edit) or the defaults (new); the id travels along. */
export function toFormValues(def: RecordDef, record: RecordData | null): RecordFormValues {
  const values: RecordFormValues = { id: record ? String(record.id) : '' };
  for (const [name, field] of editableFields(def)) values[name] = toFormValue(field, record?.[name]);
  return values;
}

/**
 * The body of a create or update from the schema-checked values: a reference becomes {id} and a list
 * of ids a list of {id} (§3); empty values are then dropped by cleanPayload.
 */
export function toPayload(def: RecordDef, parsed: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = { ...parsed };
  for (const [name, field] of editableFields(def)) {
    const value = parsed[name];
    if (field.kind === 'vehicle' && typeof value === 'number') payload[name] = { id: value };
    if (field.kind === 'vehicles' && Array.isArray(value)) payload[name] = value.map((id) => ({ id }));
  }
  return payload;
}
