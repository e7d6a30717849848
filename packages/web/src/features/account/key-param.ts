import type { Params } from 'react-router';

/** Activation and reset links carry their key as ?key= or as the last path segment (§2.1). */
export function keyParam(search: URLSearchParams, params: Readonly<Params>): string | null {
  return search.get('key') || params.key || null;
}
