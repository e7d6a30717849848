import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A point in time: every time is stored with its zone (timestamptz). */
export const instant = <Name extends string>(name: Name) => timestamp(name, { withTimezone: true });

/** When the row was made, set on insert. */
export const createdAt = () => instant('created_at').notNull().defaultNow();
/** When the row last changed: set on insert, and by each update that says so. */
export const updatedAt = () => instant('updated_at').notNull().defaultNow();

/** The row an owned row belongs to: always named, and deleting it deletes the owned rows. */
export const belongsTo = <Name extends string>(name: Name, owner: () => AnyPgColumn) =>
  integer(name).notNull().references(owner, { onDelete: 'cascade' });
