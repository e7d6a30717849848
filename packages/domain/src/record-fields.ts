import { z } from 'zod';
import { id, idWith } from './people-fields.js';
import type { Role } from './roles.js';
import { signalInfo, signalLabel } from './signal-dictionary.js';
import { UNKNOWN_SIGNAL_RANGE, type SignalRange } from './signals.js';

/**
 * The field kinds of the generic record screens (part 2 §2 "Generic record screens", §3, §5). One
 * description per entity (records.ts) gives both the server's schemas and the web's list, detail and
 * form; nothing about a record entity is written twice.
 */
export const RECORD_TEXTS = {
  notANumber: 'This field should be a number.',
  outOfRange: (min: number, max: number) => `This field should be between ${min} and ${max}.`,
  notADateTime: 'This field should be a date and time.',
  vehicleRequired: 'A vehicle is required.',
  invalidEmail: 'Invalid Email',
  invalidPhone: 'Phone numbers contain digits, spaces and + ( ) - only.',
  tooMany: 'Max',
  confirmDeleteTitle: 'Confirm delete operation',
  confirmDelete: (entity: string) => `Are you sure you want to delete this ${entity}?`,
  loading: 'Loading...',
  idExists: (entity: string) => `A new ${entity} cannot already have an ID`,
  idMissing: (entity: string) => `An ID is required to update a ${entity}`,
} as const;

export type RecordFieldKind =
  'text' | 'longText' | 'number' | 'boolean' | 'enum' | 'dateTime' | 'vehicle' | 'vehicles' | 'textList';

/** A field the form edits: how a create or update reads it (`write`) and how the server shows it (`read`). */
export interface RecordField<W extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  kind: RecordFieldKind;
  label: string;
  write: W;
  read: R;
  /** Enumeration values, in the order the select offers them. */
  options?: readonly string[];
  /** One line of help shown under the input (Mantine's description), never in the label. */
  hint?: string;
  /** Names shown for enumeration values (an alert metric's name for its key); a value without one shows as is. */
  optionLabels?: Readonly<Record<string, string>>;
  /** The server refuses a record without it (the form marks it). */
  required?: boolean;
}

/** A field shown on the detail page and never written through the API. */
export interface ShownField<R extends z.ZodType = z.ZodType> {
  kind: RecordFieldKind;
  label: string;
  read: R;
  readOnly: true;
  hint?: string;
  optionLabels?: Readonly<Record<string, string>>;
}

export type AnyRecordField = RecordField | ShownField;

const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v;

/** Free text; blank is stored as null (§3 clean-up: empty values are not sent). */
export const textField = (
  label: string,
  max = 255,
): RecordField<z.ZodType<string | null, unknown>, z.ZodNullable<z.ZodString>> => ({
  kind: 'text',
  label,
  write: z.preprocess(blankToNull, z.string().max(max, 'Max').nullable()),
  read: z.string().nullable(),
});

export const longTextField = (label: string, max = 10_000) => ({ ...textField(label, max), kind: 'longText' as const });

/**
 * A reading typed as free text in the form but stored as a number: the form's '12.5' is 12.5, 'abc'
 * is refused with a field error, and so is a value outside `range` (a signal's physical
 * range, signals.ts; by default any number that can be counted exactly). A JSON body carries a JSON
 * number (docs/decisions.md, "Input rules").
 */
export const numberField = (
  label: string,
  hint?: string,
  range: SignalRange = UNKNOWN_SIGNAL_RANGE,
): RecordField<z.ZodType<number | null, unknown>, z.ZodNullable<z.ZodNumber>> => ({
  kind: 'number',
  label,
  hint,
  write: z.preprocess(
    (v) => {
      const blank = blankToNull(v);
      if (typeof blank !== 'string') return blank;
      const n = Number(blank.trim());
      return Number.isFinite(n) ? n : blank;
    },
    z
      .number({ error: RECORD_TEXTS.notANumber })
      .finite(RECORD_TEXTS.notANumber)
      .min(range.min, RECORD_TEXTS.outOfRange(range.min, range.max))
      .max(range.max, RECORD_TEXTS.outOfRange(range.min, range.max))
      .nullable(),
  ),
  read: z.number().nullable(),
});

/** A reading of a signal: labelled by the signal dictionary (name and unit), its description under the input. */
export const signalField = (key: string, range?: SignalRange) =>
  numberField(signalLabel(key), signalInfo(key)?.description, range);

export const booleanField = (label: string): RecordField<z.ZodType<boolean, unknown>, z.ZodBoolean> => ({
  kind: 'boolean',
  label,
  write: z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? false : v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: 'must be true or false' }),
  ),
  read: z.boolean(),
});

export const enumField = <const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
  fallback: T[number],
): RecordField<z.ZodType<T[number], unknown>, z.ZodEnum<{ [K in T[number]]: K }>> => ({
  kind: 'enum',
  label,
  options: values,
  write: z.preprocess(
    (v) => blankToNull(v) ?? fallback,
    z.enum(values, { error: `must be one of ${values.join(', ')}` }),
  ),
  read: z.enum(values),
});

/** An enumeration that may be left empty (null), e.g. "any metric". */
export const optionalEnumField = <const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
): RecordField<z.ZodType<T[number] | null, unknown>, z.ZodNullable<z.ZodEnum<{ [K in T[number]]: K }>>> => ({
  kind: 'enum',
  label,
  options: values,
  write: z.preprocess(blankToNull, z.enum(values, { error: `must be one of ${values.join(', ')}` }).nullable()),
  read: z.enum(values).nullable(),
});

/** A moment, sent as ISO 8601 (the form's local date-time is turned into one by this schema). */
export const dateTimeField = (
  label: string,
): RecordField<z.ZodType<string | null, unknown>, z.ZodNullable<z.ZodString>> => ({
  kind: 'dateTime',
  label,
  write: z.preprocess(
    blankToNull,
    z
      .string({ error: RECORD_TEXTS.notADateTime })
      .max(40, RECORD_TEXTS.notADateTime)
      .refine((s) => !Number.isNaN(Date.parse(s)), RECORD_TEXTS.notADateTime)
      .transform((s) => new Date(s).toISOString())
      .nullable(),
  ),
  read: z.string().nullable(),
});

export const recordVehicleRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type RecordVehicleRef = z.infer<typeof recordVehicleRefSchema>;

/** §3 clean-up: a relation is `{id}` (or a bare id); an empty id or -1 means none. */
const relationId = (v: unknown) => {
  const raw = v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v;
  return raw === '' || raw === -1 || raw === '-1' || raw === undefined ? null : raw;
};

/** A reference to one vehicle: written as {id} or an id, shown as {id, name}. */
export function vehicleField(
  label: string,
  required: true,
): RecordField<z.ZodType<number, unknown>, typeof recordVehicleRefSchema>;
export function vehicleField(
  label: string,
  required?: false,
): RecordField<z.ZodType<number | null, unknown>, z.ZodNullable<typeof recordVehicleRefSchema>>;
export function vehicleField(label: string, required = false): RecordField {
  const base = z.preprocess(relationId, idWith(RECORD_TEXTS.vehicleRequired));
  return required
    ? {
        kind: 'vehicle',
        label,
        required,
        write: z.preprocess((v) => relationId(v) ?? undefined, base),
        read: recordVehicleRefSchema,
      }
    : {
        kind: 'vehicle',
        label,
        write: z.preprocess((v) => (relationId(v) === null ? null : v), base.nullable()),
        read: recordVehicleRefSchema.nullable(),
      };
}

/** Several vehicles: written as [{id}] or ids (empty ids skipped, §3), shown as [{id, name}]. */
export const vehiclesField = (
  label: string,
): RecordField<z.ZodType<number[], unknown>, z.ZodArray<typeof recordVehicleRefSchema>> => ({
  kind: 'vehicles',
  label,
  write: z.preprocess(
    (v) => (Array.isArray(v) ? [...new Set(v.map(relationId).filter((x) => x !== null))] : (blankToNull(v) ?? [])),
    z.array(id).max(10_000, RECORD_TEXTS.tooMany),
  ),
  read: z.array(recordVehicleRefSchema),
});

/** A list of addresses or numbers, typed one per line or separated by commas or semicolons. */
export const textListField = (
  label: string,
  item: z.ZodType<string, string>,
  max = 100,
): RecordField<z.ZodType<string[], unknown>, z.ZodArray<z.ZodString>> => ({
  kind: 'textList',
  label,
  write: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(/[\n,;]+/) : (blankToNull(v) ?? [])),
    z
      .array(z.string().trim())
      .transform((items) => items.filter(Boolean))
      .pipe(z.array(item).max(max, RECORD_TEXTS.tooMany)),
  ),
  read: z.array(z.string()),
});

export const emailItem = z.string().max(254, 'Max').pipe(z.email(RECORD_TEXTS.invalidEmail));
export const phoneItem = z
  .string()
  .max(32, 'Max')
  .regex(/^\+?[\d\s()-]{3,}$/, RECORD_TEXTS.invalidPhone);

/** A field the server fills in, shown on the detail page. */
export const shown = <R extends z.ZodType>(
  kind: RecordFieldKind,
  label: string,
  read: R,
  hint?: string,
): ShownField<R> => ({ kind, label, read, readOnly: true, hint });

// ---- entity descriptions

type Fields = Record<string, AnyRecordField>;
type Writable<F extends Fields> = {
  [K in keyof F as F[K] extends RecordField ? K : never]: F[K] extends RecordField<infer W> ? W : never;
};
type Readable<F extends Fields> = { [K in keyof F]: F[K]['read'] };

export interface RecordDescription<Key extends string, F extends Fields, I extends z.ZodType> {
  /** Route segment of the screens: /{key}, /{key}/new, /{key}/{id}, /{key}/{id}/edit, /{key}/{id}/delete. */
  key: Key;
  /** The API's collection path (GET list, POST, PUT; GET and DELETE {path}/{id}). */
  api: string;
  /** List heading. */
  title: string;
  /** Singular name, as in 'Are you sure you want to delete this {entity}?'. */
  entity: string;
  emptyText: string;
  /** The id's schema: a whole number, or a text for records with a composite key. */
  id: I;
  fields: F;
  /** List columns after ID, in order. */
  columns: readonly (keyof F & string)[];
  /** Columns a list may be sorted by (sort=key,asc|desc); the first is the default, descending. */
  sortable: readonly ('id' | (keyof F & string))[];
  /** A list filtered by vehicle: 'required' when the list is only meaningful for one vehicle. */
  vehicleFilter?: 'required' | 'optional';
  /** Roles the routes admit (the service narrows readers to their scope, docs/permissions.md). */
  readers: readonly Role[];
  writers: readonly Role[];
}

/** The description with the schemas derived from it: `schema` is what the API answers, `writeSchema` what POST and PUT accept. */
export function defineRecord<Key extends string, F extends Fields, I extends z.ZodType>(
  d: RecordDescription<Key, F, I>,
) {
  const read = Object.fromEntries(Object.entries(d.fields).map(([k, f]) => [k, f.read])) as Readable<F>;
  const write = Object.fromEntries(
    Object.entries(d.fields).flatMap(([k, f]) => ('write' in f ? [[k, f.write]] : [])),
  ) as Writable<F>;
  return {
    ...d,
    schema: z.object({ id: d.id, ...read }),
    writeSchema: z.object({ id: z.preprocess(blankToNull, d.id.nullable()).optional(), ...write }),
  };
}

export const ALL_ROLES: readonly Role[] = ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_FLEET', 'ROLE_DEALER'];
export const ADMIN_ONLY: readonly Role[] = ['ROLE_ADMIN'];
