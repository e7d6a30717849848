import type { AnyRecordField, RecordDescription, RecordField } from '@evfleet/domain';
import type { ReactNode } from 'react';
import type { z } from 'zod';

/**
 * Any of the five record descriptions of domain/records.ts, seen generically: the screens read its
 * fields, columns and texts and never name an entity's field themselves.
 */
export type RecordDef = RecordDescription<string, Record<string, AnyRecordField>, z.ZodType> & {
  writeSchema: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
};

/** A record as the API answers it: an id and the description's fields. */
export type RecordData = { id: string | number } & Record<string, unknown>;

/** One record area: its description and where its screens live. */
export interface RecordScreen {
  def: RecordDef;
  /** The base of the routes: {base} list, {base}/new, {base}/{id}, {base}/{id}/edit, {base}/{id}/delete. */
  base: string;
  /** Query the list needs besides its filters, e.g. the tab of /vehicle-can that shows the records. */
  listQuery?: Record<string, string>;
  /** Shown beside the form, e.g. the placeholders an email template may use. */
  formHelp?: ReactNode;
}

/** The editable fields of a description, in order (a shown field is read-only and not in the form). */
export const editableFields = (def: RecordDef) =>
  Object.entries(def.fields).filter((entry): entry is [string, RecordField] => 'write' in entry[1]);
