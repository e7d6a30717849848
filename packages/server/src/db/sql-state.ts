/** A referenced row went away: at ingest, a vehicle deleted while its readings were in flight. */
export const FOREIGN_KEY_VIOLATION = '23503';
/** A unique index refused a row: two writers raced past the check, or a value is taken. */
export const UNIQUE_VIOLATION = '23505';

/**
 * PostgreSQL's SQLSTATE on an error or on one of its causes (Drizzle wraps the driver's error):
 * '23505' unique violation, '23503' foreign key violation, class '22' a data exception…
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
