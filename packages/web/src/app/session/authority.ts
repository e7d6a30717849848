/**
 * §2.2: a user with no authorities is never authorised; an empty required list lets any
 * authenticated user pass; otherwise one shared role is enough.
 */
export function hasAnyAuthority(authorities: readonly string[], required: readonly string[]): boolean {
  if (authorities.length === 0) return false;
  if (required.length === 0) return true;
  return required.some((role) => authorities.includes(role));
}
