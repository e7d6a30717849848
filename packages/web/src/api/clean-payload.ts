/** A relation left unchosen in a form: an empty string or the -1 of a "none" option (§3). */
const isUnsetId = (value: unknown) => value === '' || value === -1 || value === '-1';

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return typeof value === 'string' && value.trim() === '';
}

/** `{ id: '' }` or `{ id: -1 }`: a relation object pointing at nothing. */
function isUnsetRelation(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value && isUnsetId(value.id);
}

/**
 * Part 1 §3: create and update payloads drop empty values, and a relation whose id is '' or -1
 * (as an `{id}` object or a flat `...Id` field) is dropped before sending. false and 0 are values.
 */
export function cleanPayload<T extends object>(payload: T): Partial<T> {
  const kept = Object.entries(payload).filter(
    ([key, value]) => !isEmpty(value) && !isUnsetRelation(value) && !(/Id$/.test(key) && isUnsetId(value)),
  );
  return Object.fromEntries(kept) as Partial<T>;
}
