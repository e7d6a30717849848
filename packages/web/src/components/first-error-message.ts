/**
 * The first message anywhere under a react-hook-form error: a list's error sits on its items
 * (a record's emails[1], a vehicle's threshold rows), so the first one found stands for the field.
 */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const [key, nested] of Object.entries(error)) {
    // react-hook-form's `ref` points at a DOM node: nothing to read there.
    const found = key === 'ref' ? undefined : firstErrorMessage(nested);
    if (found) return found;
  }
  return undefined;
}
