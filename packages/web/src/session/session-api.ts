import {
  pageAuthority,
  type Account,
  type LoginForm,
  type loginResponseSchema,
  type Page,
  type RolePage,
} from '@evfleet/domain';
import type { z } from 'zod';
import { http } from '../api/http';

type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST api/authenticate: the bearer token for these credentials. */
export async function authenticate(credentials: LoginForm): Promise<string> {
  const { data } = await http.post<LoginResponse>('api/authenticate', credentials);
  return data.id_token;
}

/** GET api/account. Silent: a failed session call is only logged (§8). */
export async function fetchAccount(): Promise<Account> {
  return (await http.get<Account>('api/account', { silent: true })).data;
}

/** §6: the pages of ROLE_ADMIN when the user has several roles, else those of its single role. */
export async function fetchAllowedPages(authorities: readonly string[]): Promise<Page[]> {
  const authority = pageAuthority(authorities);
  if (!authority) return [];
  const { data } = await http.get<RolePage[]>(`api/users/roleAndPermissions/${encodeURIComponent(authority)}`);
  return data.map((entry) => entry.page);
}

/** POST api/logout: ends the account's sessions on the server (docs/security.md). Silent: signing out locally follows anyway. */
export async function endServerSession(): Promise<void> {
  await http.post('api/logout', undefined, { silent: true });
}
