import type { SuperUser, SuperUserWrite } from '@evfleet/domain';
import { entityApi } from '../../../api/entity-api';

/** A create carries no id (§7); the form's id is only there on edit. */
type SuperUserSave = Omit<SuperUserWrite, 'id'> & { id?: number };

const superUsers = entityApi<SuperUser, SuperUserSave>({
  key: 'superUsers',
  path: 'api/superUsers',
  // The spec's search path keeps its trailing slash (§7).
  search: { path: 'api/superUsers/search/', param: 'name' },
});

export const superUsersSource = superUsers.source;

/** GET api/superUsers/{id}: one super user (the detail page). */
export const useSuperUser = superUsers.useRecord;

/** POST (new, without id) or PUT (existing) api/superUsers; the list reloads after either. */
export const useSaveSuperUser = superUsers.useSave;

/** DELETE api/superUsers/{id}. */
export const useDeleteSuperUser = superUsers.useDelete;
