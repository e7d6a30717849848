import { hasAnyAuthority } from '../../app/session/authority';
import { useSession } from '../../app/session/useSession';
import type { RecordDef } from './record-types';

/** Whether the signed-in user's roles may change these records (the server checks the same list). */
export function useCanWrite(def: RecordDef): boolean {
  return hasAnyAuthority(useSession().account?.authorities ?? [], def.writers);
}
